/**
 * Issue 29 defect 6, contract §9 "Start From with All Projects": every project of the agency at
 * activation delivers its events since Start From once, whether the activation poll reached it, failed
 * on it (suspended, 5xx) or not. A Start From backlog drained over several polls also delivers records
 * that appear meanwhile (imports with old dates included), once.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { createPoller } from '../../harness';
import type { SimProject } from '../../simulator';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf, slowDown } from '../../harness/trigger-pollers';
import { ALL_PROJECTS } from './support';

const env = useSimulator();
const DAY = 86_400;

afterEach(() => env.sim.setNow(undefined));

let now = 0;
beforeEach(() => {
	now = Math.floor(Date.now() / 1000);
	env.sim.setNow(now);
});

const startFrom = () => new Date((now - 3_600) * 1000).toISOString();

function agencyPoller(budgetMs?: number) {
	return createPoller({
		parameters: {
			event: 'newReview',
			...ALL_PROJECTS,
			requestOptions: { maxRetries: 0, concurrency: 2 },
			options: { startFrom: startFrom() },
		},
		credentials: env.agencyCredentials(),
		budgetMs,
	});
}

/** `count` projects (the default one first), created 10 days ago, each with 2 reviews of 10 days ago. */
function agency(count: number): SimProject[] {
	env.sim.setNow(now - 10 * DAY);
	const list = [env.sim.defaultProject()];
	for (let i = 1; i < count; i++) list.push(env.sim.createProject(`Client ${i}`));
	for (const project of list) env.sim.addReviews(project.id, 2, { score: 3 });
	env.sim.setNow(now);
	return list;
}

/** Each project's reviews since Start From (created 30 minutes ago): [project id, review id] pairs. */
function sinceStartFrom(projects: SimProject[], perProject = 2): number[][] {
	return projects.flatMap((project) => {
		const start = project.reviews.items.at(-1)!.id;
		env.sim.addReviews(project.id, perProject, { score: 5, created_at: now - 1_800 });
		return project.reviews.items.filter((r) => r.id > start).map((r) => [project.id, r.id]);
	});
}

const pairsOf = (output: INodeExecutionData[][] | null) =>
	(output?.[0] ?? []).map((item) => [
		(item.json.project as { id: number }).id,
		item.json.id as number,
	]);

const byProject = (pairs: number[][]) => [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

/** Polls until `expected` pairs came out (at most `polls`), then twice more (a repeat would show). */
async function drain(
	poller: ReturnType<typeof agencyPoller>,
	expected: number,
	polls: number,
): Promise<number[][]> {
	const delivered: number[][] = [];
	for (let poll = 0; poll < polls && delivered.length < expected; poll++)
		delivered.push(...pairsOf(await poller.poll()));
	for (let poll = 0; poll < 2; poll++) delivered.push(...pairsOf(await poller.poll()));
	return delivered;
}

describe('Start From with All Projects', () => {
	it('projects the activation poll did not reach (budget) deliver their events since Start From, once', async () => {
		const projects = agency(12);
		const expected = sinceStartFrom(projects);
		slowDown(env, '/project/reviews', 80);
		const poller = agencyPoller(300);
		const delivered = await drain(poller, expected.length, 25);
		expect(byProject(delivered)).toEqual(byProject(expected));
	});

	it.each([
		['suspended', (project: SimProject) => env.sim.setProjectSuspended(project.id, true)],
		[
			'answering 503',
			() =>
				env.sim.injectFault({
					fault: { kind: 'status', status: 503 },
					method: 'GET',
					path: '/project/reviews',
					times: 1,
				}),
		],
	])(
		'a project %s at activation delivers its events since Start From once it answers',
		async (_name, fail) => {
			const projects = agency(2);
			const expected = sinceStartFrom(projects);
			fail(projects[0]);
			const poller = agencyPoller();
			const delivered = pairsOf(await poller.poll());
			env.sim.setProjectSuspended(projects[0].id, false);
			delivered.push(...(await drain(poller, expected.length - delivered.length, 3)));
			expect(byProject(delivered)).toEqual(byProject(expected));
		},
	);
});

describe.each(['one', 'all'] as const)(
	'a Start From backlog drained over several polls (%s)',
	(scope) => {
		it.each([
			['dated after Start From', 1_200],
			['dated 30 days back', 30 * DAY],
		])('a review imported meanwhile, %s, is delivered once', async (_name, age) => {
			const project = env.sim.defaultProject();
			env.sim.addReviews(project.id, 300, { score: 2, created_at: now - 10 * DAY });
			const since = addRecords(env, 'newReview', 700, { created_at: now - 1_800 });
			const poller = createPoller({
				parameters: {
					event: 'newReview',
					...(scope === 'all' ? ALL_PROJECTS : {}),
					options: { startFrom: startFrom() },
				},
				credentials: scope === 'all' ? env.agencyCredentials() : env.projectCredentials(),
				budgetMs: 300,
			});
			slowDown(env, '/project/reviews', 60);
			const emitted = idsOf(await poller.poll());
			expect(emitted.length).toBeLessThan(since.length);
			const imported = env.sim.addReview(project.id, { score: 4, created_at: now - age }).id;
			for (let poll = 0; poll < 30 && emitted.length <= since.length; poll++)
				emitted.push(...idsOf(await poller.poll()));
			for (let poll = 0; poll < 2; poll++) emitted.push(...idsOf(await poller.poll()));
			expect(emitted.filter((id) => id === imported)).toEqual([imported]);
			expect(emitted).toEqual([...since, imported]);
		});
	},
);
