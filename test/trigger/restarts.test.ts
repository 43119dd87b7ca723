/**
 * Contract §8 "Restarts", with n8n's saving modelled (test/harness/n8n-saving.ts): legacy static data
 * (saved at activation and on emit), durable cursors (each poll a copy of the committed cursor; two
 * polls can run from the same copy), and an update of the package taking over the earlier version's
 * cursor. Switches of scope and the other changes that start afresh: scope-switches.test.ts.
 */
import { createPoller } from '../harness';
import { DurableCursorTrigger, LegacySavedTrigger } from '../harness/n8n-saving';
import { useSimulator } from '../harness/simulator-env';
import { addRecords, idsOf, slowDown } from '../harness/trigger-pollers';

const env = useSimulator();
const fast = { maxRetries: 0 };

describe('durable cursors: two polls from the same committed cursor', () => {
	it.each(['newReview', 'newMessage'] as const)('%s: no record is emitted twice', async (event) => {
		const trigger = new DurableCursorTrigger({
			parameters: { event },
			credentials: env.projectCredentials(),
		});
		await trigger.poll();
		const fresh = addRecords(env, event, 130);
		const [one, two] = await Promise.all([trigger.poll(), trigger.poll()]);
		expect([...idsOf(one), ...idsOf(two)].sort((a, b) => a - b)).toEqual(fresh);
		expect(await trigger.poll()).toBeNull();
	});

	it('a poll stopped by its budget returns a cursor n8n can commit: the next poll goes on from it', async () => {
		const trigger = new DurableCursorTrigger({
			parameters: { event: 'newReview' },
			credentials: env.projectCredentials(),
			budgetMs: 400,
		});
		await trigger.poll();
		const fresh = addRecords(env, 'newReview', 1_500);
		slowDown(env, '/project/reviews', 100);
		const emitted: number[] = [];
		for (let poll = 0; poll < 30 && emitted.length < fresh.length; poll++)
			emitted.push(...idsOf(await trigger.poll()));
		expect(emitted).toEqual(fresh);
	});
});

describe('durable cursors: a poll n8n abandons past its timeout', () => {
	it('what an abandoned poll read is not taken as handed over: the next polls deliver it, each once', async () => {
		// Budget 1 s, n8n's timeout 0.9 s: tighter than the budget n8n announced (a loaded n8n; since
		// round 4 every request keeps to the budget, so only such an n8n drops a poll). Three polls start
		// together (overdue Poll Times after a restart); each waits for the one before it in this
		// process. The first poll's 4th request hangs 0.9 s (cut at the budget): it ends past the
		// timeout, so n8n drops its output and its cursor.
		const trigger = new DurableCursorTrigger(
			{
				parameters: { event: 'newReview' },
				credentials: env.projectCredentials(),
				budgetMs: 1_000,
			},
			900,
		);
		await trigger.poll();
		const fresh = addRecords(env, 'newReview', 600);
		const reviews = { method: 'GET', path: '/project/reviews' } as const;
		env.sim.injectFault({ ...reviews, fault: { kind: 'hang', ms: 900 }, skip: 3 });
		env.sim.injectFault({ ...reviews, fault: { kind: 'hang', ms: 150 }, times: 1_000 });
		const emitted: number[] = [];
		for (const output of await Promise.all([trigger.poll(), trigger.poll(), trigger.poll()]))
			emitted.push(...idsOf(output));
		expect(trigger.abandoned).toBeGreaterThan(0);
		// n8n's load passes: its timeout is above the budget again (so a loaded test machine does not
		// drop every later poll too).
		(trigger as unknown as { timeoutMs: number }).timeoutMs = 5_000;
		for (let poll = 0; poll < 40 && emitted.length < fresh.length; poll++)
			emitted.push(...idsOf(await trigger.poll()));
		expect(emitted).toEqual(fresh);
	});
});

describe('legacy static data: a restart before an emitting poll', () => {
	it('All Projects: a project first seen after activation loses nothing to a restart before its first emitting poll', async () => {
		const trigger = new LegacySavedTrigger({
			parameters: {
				event: 'newReview',
				authentication: 'agencyKey',
				projectScope: 'all',
				requestOptions: fast,
			},
			credentials: env.agencyCredentials(),
		});
		await trigger.activate();
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const client = env.sim.createProject('New Client');
		// Its history, imported with older review dates: silent.
		env.sim.addReviews(client.id, 3, { score: 4, created_at: now - 86_400 * 7 });
		expect(await trigger.poll()).toBeNull();
		env.sim.setNow(now + 5);
		env.sim.addReviews(client.id, 2, { score: 5 });
		const fresh = client.reviews.items.slice(-2).map((review) => review.id);
		// n8n restarts before a poll emitted: what the polls since activation learned was never saved.
		trigger.restart();
		expect(idsOf(await trigger.poll())).toEqual(fresh);
		expect(await trigger.poll()).toBeNull();
		env.sim.setNow(undefined);
	});
});

describe('updating the package', () => {
	it("the earlier version's cursor is taken over: the events since its last check still fire, once", async () => {
		const project = env.sim.defaultProject();
		const last = project.reviews.items.at(-1)!.id;
		const since = addRecords(env, 'newReview', 3);
		const scope = 'newReview|project|reviewCollectionProjectApi-id|{}';
		const poller = createPoller({
			parameters: { event: 'newReview' },
			credentials: env.projectCredentials(),
			workflowStaticData: {
				'node:Trigger Under Test': { cursor: { scope, moment: last, ids: [last], floor: 0 } },
			},
		});
		expect(idsOf(await poller.poll())).toEqual(since);
		expect(await poller.poll()).toBeNull();
	});

	it('All Projects: each project keeps its place across the update', async () => {
		const home = env.sim.defaultProject();
		const other = env.sim.createProject('Other client');
		const scope = 'newReview|agency-all|reviewCollectionAgencyApi-id|{}';
		const cursorOf = (id: number, last: number) => ({
			scope: `${scope}|${id}`,
			moment: last,
			ids: [last],
			floor: 0,
		});
		const projects = {
			[home.id]: cursorOf(home.id, home.reviews.items.at(-1)!.id),
			[other.id]: cursorOf(other.id, 0),
		};
		env.sim.addReviews(other.id, 2, { score: 5 });
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				authentication: 'agencyKey',
				projectScope: 'all',
				requestOptions: fast,
			},
			credentials: env.agencyCredentials(),
			workflowStaticData: { 'node:Trigger Under Test': { scope, projects } },
		});
		const output = await poller.poll();
		expect(output?.[0].map((item) => item.json.id)).toEqual(
			other.reviews.items.map((review) => review.id),
		);
		expect(await poller.poll()).toBeNull();
	});
});
