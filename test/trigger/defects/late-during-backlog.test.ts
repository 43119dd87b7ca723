/**
 * Soak seed 72122, contract §8 "Late-reported moments": a moment reported late, inside the window of the
 * newest moment handled, fires once, also while a backlog is read over several polls (Max Events per
 * Poll). The polls that go on from where the last stopped do not read below that point; the one that
 * reads the backlog to its end also found replies made an hour later, and its floor jumped past the late
 * ones before any walk read them.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';
import { api } from './support';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

async function reply(ids: number[], at: number) {
	env.sim.setNow(at);
	for (const id of ids)
		await api(env, 'PUT', `/project/reviews/${id}/mark-replied`, { replied: true });
}

it('reviewReplied, window 3 min, Max Events 50: replies reported late while 124 come out over three polls fire once', async () => {
	const now = Math.floor(Date.now() / 1000);
	const [late1, late2, ...rest] = addRecords(env, 'newReview', 129);
	const busy = rest.slice(0, 124);
	const later = rest.slice(124);
	env.sim.setNow(now);
	const trigger = createPoller({
		parameters: { event: 'reviewReplied', options: { lateEventWindow: 3, maxEventsPerPoll: 50 } },
		credentials: env.projectCredentials(),
	});
	expect(idsOf(await trigger.poll())).toEqual([]);

	await reply(busy, now + 300);
	const emitted = idsOf(await trigger.poll());
	expect(emitted).toHaveLength(50);

	// An hour later: two replies reported late (48 s before the newest handled), three made now.
	await reply([late1, late2], now + 252);
	await reply(later, now + 3_900);
	for (let poll = 0; poll < 6; poll++) emitted.push(...idsOf(await trigger.poll()));
	expect([...emitted].sort((a, b) => a - b)).toEqual([late1, late2, ...busy, ...later]);
});
