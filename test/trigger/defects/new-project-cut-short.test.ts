/**
 * Issue 32 loss 3, contract §9 "Projects added after activation": records that exist when a poll first
 * sees a project are silent; records that appear after that fire, imports with old dates included. Here
 * the new project's first read is cut short by the budget (two polls of 250 ms, 150 ms per request), and
 * then a review is imported into it with a date 30 days back: it fires, once.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { slowDown } from '../../harness/trigger-pollers';
import { ALL_PROJECTS } from './support';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

describe('All Projects: a new project read under a small budget', () => {
	it('a review imported with an old date after its first (cut short) read fires once', async () => {
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				...ALL_PROJECTS,
			},
			credentials: env.agencyCredentials(),
			budgetMs: 250,
		});
		expect(await poller.poll()).toBeNull();

		env.sim.setNow(now + 5);
		const client = env.sim.createProject('New client');
		env.sim.addReviews(client.id, 250, { score: 4 });
		slowDown(env, '/project/reviews', 150);
		const emitted: number[] = [];
		const emittedOf = (output: Awaited<ReturnType<typeof poller.poll>>) =>
			(output?.[0] ?? [])
				.filter((item) => (item.json.project as { id: number }).id === client.id)
				.map((item) => item.json.id as number);
		for (let poll = 0; poll < 2; poll++) emitted.push(...emittedOf(await poller.poll()));

		env.sim.setNow(now + 10);
		const imported = env.sim.addReview(client.id, {
			score: 2,
			created_at: now - 30 * 86_400,
		}).id;
		env.sim.clearFaults();
		// Each poll makes progress within its 250 ms, however loaded the machine: poll until the import
		// came out (a bounded number of times), then twice more to see nothing comes twice.
		for (let poll = 0; poll < 40 && !emitted.includes(imported); poll++)
			emitted.push(...emittedOf(await poller.poll()));
		for (let poll = 0; poll < 2; poll++) emitted.push(...emittedOf(await poller.poll()));

		expect(emitted.filter((id) => id === imported)).toEqual([imported]);
		// The 250 existed when a poll first saw the project: silent.
		expect(emitted).toEqual([imported]);
	});
});
