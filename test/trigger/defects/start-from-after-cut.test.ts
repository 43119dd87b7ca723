/**
 * Model seed 60140, contract §8 "Start From" and §9 "Max Events per Poll": a Start From reading stops at
 * the newest record of the list when it began (its ceiling). When the activation poll was cut by the
 * budget after it learned that ceiling, the records created before the next poll lay above it: that poll
 * finished the Start From reading and stopped there, emitting fewer than Max Events per Poll while they
 * waited, so a re-activation (empty static data) before one more poll lost them to that activation.
 * A poll that is not cut (budget, Max Events) delivers every record that existed when it started.
 */
import { fakeDateOnly } from '../../harness/fake-clock';
import { LegacySavedTrigger } from '../../harness/n8n-saving';
import { byId, useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const DAY = 86_400;

afterEach(() => {
	env.sim.answering = undefined;
	env.sim.setNow(undefined);
	jest.useRealTimers();
});

it('the poll after a Start From activation cut by the budget also delivers what was created meanwhile', async () => {
	fakeDateOnly();
	const now = () => Math.floor(Date.now() / 1000);
	const startFrom = now() - 6 * DAY;
	const trigger = new LegacySavedTrigger({
		parameters: {
			event: 'newReview',
			authentication: 'agencyKey',
			projectId: byId(env.sim.defaultProject().id),
			options: {
				startFrom: new Date(startFrom * 1000).toISOString(),
				maxEventsPerPoll: 20,
			},
			requestOptions: { maxRetries: 0 },
		},
		credentials: env.agencyCredentials(),
		budgetMs: 5_000,
	});
	env.sim.setNow(now() - DAY);
	addRecords(env, 'newReview', 3);
	env.sim.setNow(undefined);
	// Every review since Start From (the simulator's seed has some too).
	const since = env.sim
		.defaultProject()
		.reviews.items.filter((r) => !r.is_duplicate && r.created_at > startFrom)
		.map((r) => r.id);
	// The activation poll: every request moves n8n's clock 2.2 s against a 5 s budget (it learns the
	// list's newest record, then its time is spent).
	env.sim.answering = () => jest.setSystemTime(Date.now() + 2_200);
	expect(idsOf(await trigger.activate())).toEqual([]);
	env.sim.answering = undefined;

	const created = addRecords(env, 'newReview', 29);
	const expected = [...since, ...created];
	// A plain poll: at most 20 (Max Events per Poll), oldest first, the Start From ones included.
	expect(idsOf(await trigger.poll())).toEqual(expected.slice(0, 20));
	const rest: number[] = [];
	for (let poll = 0; poll < 3; poll++) rest.push(...idsOf(await trigger.poll()));
	expect(rest).toEqual(expected.slice(20));
});
