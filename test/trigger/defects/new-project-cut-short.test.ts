/**
 * Issue 32 loss 3, contract §9 "Projects added after activation": records that exist when a poll first
 * sees a project are silent; records that appear after that fire, imports with old dates included.
 * Two ways a small budget meets a new project, each made certain (not left to the machine's load):
 * - its first read is started and cut short (it is the agency's only project, so it goes first);
 * - the poll that lists it first has no time left for it (Concurrency 1, another project before it).
 * The simulator's clock is a few seconds behind n8n's, as a service's records are older than the poll
 * that lists them (a service clock ahead of n8n's is an accepted limit, docs/trigger.md).
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { slowDown } from '../../harness/trigger-pollers';
import { ALL_PROJECTS } from './support';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

// A second page never fits (it needs twice the slowest request left), and the first fits with room to
// spare on a loaded machine.
const BUDGET_MS = 1_000;
const REQUEST_MS = 600;

async function removeProject(id: number) {
	const answer = await fetch(`${env.sim.baseUrl}/agency/projects/${id}`, {
		method: 'DELETE',
		headers: { authorization: `Bearer ${env.sim.agencyKey}` },
	});
	expect(answer.status).toBeLessThan(300);
}

/** Requests for the project with this key's reviews that were answered. */
const reviewReadsOf = (key: string) =>
	env.sim.requests.filter(
		(request) =>
			request.path === '/project/reviews' &&
			request.status === 200 &&
			request.query.facet === undefined &&
			request.authorization === `Bearer ${key}`,
	).length;

describe('All Projects: a new project read under a small budget', () => {
	it.each([
		['its first read is cut short', true],
		['the poll that first lists it has no time left for it', false],
	])(
		'%s: the 250 reviews it had are silent; what appears later fires once',
		async (_name, alone) => {
			const now = Math.floor(Date.now() / 1000);
			env.sim.setNow(now - 20);
			if (alone) await removeProject(env.sim.defaultProject().id);
			const poller = createPoller({
				parameters: {
					event: 'newReview',
					...ALL_PROJECTS,
					requestOptions: { ...ALL_PROJECTS.requestOptions, concurrency: 1 },
				},
				credentials: env.agencyCredentials(),
				budgetMs: BUDGET_MS,
			});
			expect(await poller.poll()).toBeNull();

			env.sim.setNow(now - 10);
			const client = env.sim.createProject('New client');
			env.sim.addReviews(client.id, 250, { score: 4 });
			slowDown(env, '/project/reviews', REQUEST_MS);
			const emitted: number[] = [];
			const emittedOf = (output: Awaited<ReturnType<typeof poller.poll>>) =>
				(output?.[0] ?? [])
					.filter((item) => (item.json.project as { id: number }).id === client.id)
					.map((item) => item.json.id as number);
			emitted.push(...emittedOf(await poller.poll()));
			// The second case's situation: a poll listed the project and did not read it.
			if (!alone) expect(reviewReadsOf(client.key)).toBe(0);
			// Polls go on until one has read the project (a bounded number: each poll makes progress).
			for (let poll = 0; poll < 40 && reviewReadsOf(client.key) === 0; poll++)
				emitted.push(...emittedOf(await poller.poll()));
			// The first case's situation: one page of three read (a second does not fit the budget).
			expect(reviewReadsOf(client.key)).toBe(1);

			env.sim.setNow(undefined);
			const imported = env.sim.addReview(client.id, {
				score: 2,
				created_at: now - 30 * 86_400,
			}).id;
			const fresh = env.sim.addReview(client.id, { score: 5 }).id;
			env.sim.clearFaults();
			for (
				let poll = 0;
				poll < 40 && !(emitted.includes(imported) && emitted.includes(fresh));
				poll++
			)
				emitted.push(...emittedOf(await poller.poll()));
			for (let poll = 0; poll < 2; poll++) emitted.push(...emittedOf(await poller.poll()));

			expect(emitted.sort((a, b) => a - b)).toEqual([imported, fresh]);
		},
	);
});
