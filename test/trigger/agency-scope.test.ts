/**
 * projectScope: all (contract §7) in n8n's engine: one trigger for every project of the agency, a cursor
 * per project, new projects start silently, a failing project keeps its cursor and holds back no other,
 * every item carries `project: { id, name }`. Requests counted from the simulator's log.
 */
import { createPoller } from '../harness';
import type { SimProject } from '../simulator';
import { useSimulator } from '../harness/simulator-env';

const env = useSimulator();
const fast = { maxRetries: 0 };

function agencyPoller(parameters: Record<string, unknown> = {}) {
	return createPoller({
		parameters: {
			event: 'newReview',
			authentication: 'agencyKey',
			projectScope: 'all',
			requestOptions: fast,
			...parameters,
		},
		credentials: env.agencyCredentials(),
	});
}

function addReviews(project: SimProject, count: number): number[] {
	const start = project.reviews.items.at(-1)?.id ?? 0;
	env.sim.addReviews(project.id, count, { score: 4 });
	return project.reviews.items.filter((review) => review.id > start).map((review) => review.id);
}

async function counted(poller: ReturnType<typeof agencyPoller>) {
	const before = env.sim.requests.length;
	const output = await poller.poll();
	const items = output?.[0] ?? [];
	return {
		items: items.map((item) => [(item.json.project as { id: number }).id, item.json.id as number]),
		json: items.map((item) => item.json),
		requests: env.sim.requests.length - before,
	};
}

describe('projectScope: all', () => {
	it('50 projects: activation is silent, an idle poll costs 1 + 50 requests, each item carries its project', async () => {
		const projects = [env.sim.defaultProject()];
		for (let i = 1; i < 50; i++) projects.push(env.sim.createProject(`Client ${i}`));
		for (const project of projects) addReviews(project, 3);
		const poller = agencyPoller();

		const first = await counted(poller);
		expect(first.items).toEqual([]);
		// The project list, 50 key reads, 50 first looks and, per project, the newest review flagged
		// duplicate (issue 29 defect 10).
		expect(first.requests).toBe(1 + 50 + 50 + 50);
		const idle = await counted(poller);
		expect(idle).toMatchObject({ items: [], requests: 51 });

		const a = addReviews(projects[3], 2);
		const b = addReviews(projects[40], 1);
		const burst = await counted(poller);
		expect(burst.items).toEqual([
			...a.map((id) => [projects[3].id, id]),
			...b.map((id) => [projects[40].id, id]),
		]);
		expect(burst.json[0].project).toEqual({ id: projects[3].id, name: projects[3].name });
		expect(burst.requests).toBe(51);
		expect(await counted(poller)).toMatchObject({ items: [], requests: 51 });
		expect(JSON.stringify(poller.staticData())).not.toContain(projects[3].key);
	});

	it('a project created later starts from its creation: its imported history (older review dates) stays silent, its later reviews fire', async () => {
		const poller = agencyPoller();
		await poller.poll();
		const client = env.sim.createProject('New client');
		env.sim.addReviews(client.id, 4, { score: 4, created_at: env.sim.now() - 86_400 * 30 });
		expect((await counted(poller)).items).toEqual([]);
		const fresh = addReviews(client, 2);
		expect((await counted(poller)).items).toEqual(fresh.map((id) => [client.id, id]));
	});

	it('a suspended project keeps its cursor and does not hold back the others; resumed, it delivers what it missed', async () => {
		const home = env.sim.defaultProject();
		const other = env.sim.createProject('Other client');
		const poller = agencyPoller();
		await poller.poll();
		const missed = addReviews(home, 2);
		const fine = addReviews(other, 1);
		env.sim.setProjectSuspended(home.id, true);

		expect((await counted(poller)).items).toEqual(fine.map((id) => [other.id, id]));

		env.sim.setProjectSuspended(home.id, false);
		expect((await counted(poller)).items).toEqual(missed.map((id) => [home.id, id]));
		expect((await counted(poller)).items).toEqual([]);
	});

	it('a 5xx on one project skips it for this poll only', async () => {
		const home = env.sim.defaultProject();
		const other = env.sim.createProject('Other client');
		const poller = agencyPoller();
		await poller.poll();
		const missed = addReviews(home, 1);
		const fine = addReviews(other, 1);
		env.sim.injectFault({
			fault: { kind: 'status', status: 503 },
			path: '/project/reviews',
			method: 'GET',
		});

		expect((await counted(poller)).items).toEqual(fine.map((id) => [other.id, id]));
		expect((await counted(poller)).items).toEqual(missed.map((id) => [home.id, id]));
	});

	it('when every project fails the poll fails and nothing moves', async () => {
		const home = env.sim.defaultProject();
		const poller = agencyPoller();
		await poller.poll();
		const stored = JSON.stringify(poller.staticData());
		const missed = addReviews(home, 2);
		env.sim.setProjectSuspended(home.id, true);
		await expect(poller.poll()).rejects.toThrow(/Every project failed/);
		expect(JSON.stringify(poller.staticData())).toBe(stored);
		env.sim.setProjectSuspended(home.id, false);
		expect((await counted(poller)).items).toEqual(missed.map((id) => [home.id, id]));
	});

	it('manual mode returns the newest review of all projects with its project, moving nothing', async () => {
		const other = env.sim.createProject('Other client');
		const poller = agencyPoller();
		await poller.poll();
		const stored = JSON.stringify(poller.staticData());
		const [newest] = addReviews(other, 1);
		const output = await poller.poll('manual');
		expect(
			output?.[0].map((item) => [(item.json.project as { id: number }).id, item.json.id]),
		).toEqual([[other.id, newest]]);
		expect(JSON.stringify(poller.staticData())).toBe(stored);
	});
});
