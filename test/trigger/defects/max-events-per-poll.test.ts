/**
 * Issue 29 "Max Events per Poll", contract §9: `options.maxEventsPerPoll` (1–10,000, default 1,000): a
 * poll emits at most that many events, oldest first (All Projects: across projects, none starved); the
 * rest come with the next polls, exactly once. Manual mode is unaffected.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { createPoller } from '../../harness';
import type { SimProject } from '../../simulator';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';
import { ALL_PROJECTS } from './support';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

/** Polls until `count` events came out (at most `polls`), then once more: each poll's output. */
async function drain(
	poll: () => Promise<INodeExecutionData[][] | null>,
	count: number,
	polls = 12,
) {
	const perPoll: INodeExecutionData[][] = [];
	for (let n = 0, total = 0; n < polls && total < count; n++) {
		const items = (await poll())?.[0] ?? [];
		perPoll.push(items);
		total += items.length;
	}
	perPoll.push((await poll())?.[0] ?? []);
	return perPoll;
}

const ids = (items: INodeExecutionData[]) => items.map((item) => item.json.id as number);

describe.each([
	['maxEventsPerPoll 1,000', { maxEventsPerPoll: 1_000 }, 1_000],
	['the default (1,000)', {}, 1_000],
	['maxEventsPerPoll 300', { maxEventsPerPoll: 300 }, 300],
])('One Project, a backlog of 2,500 new reviews, %s', (_name, options, max) => {
	it('no poll emits more than the max; every review once, oldest first', async () => {
		const poller = createPoller({
			parameters: { event: 'newReview', options },
			credentials: env.projectCredentials(),
		});
		await poller.poll();
		const fresh = addRecords(env, 'newReview', 2_500);
		const perPoll = await drain(async () => await poller.poll(), fresh.length);
		expect(perPoll.map((items) => items.length).filter((count) => count > max)).toEqual([]);
		expect(perPoll.flatMap(ids)).toEqual(fresh);
	});
});

describe('Manual mode is unaffected', () => {
	it('maxEventsPerPoll 1: Fetch Test Event still returns the newest review', async () => {
		const [newest] = addRecords(env, 'newReview', 1);
		const poller = createPoller({
			parameters: { event: 'newReview', options: { maxEventsPerPoll: 1 } },
			credentials: env.projectCredentials(),
		});
		expect(idsOf(await poller.poll('manual'))).toEqual([newest]);
	});
});

describe('All Projects, maxEventsPerPoll 1,000', () => {
	const agencyPoller = () =>
		createPoller({
			parameters: {
				event: 'newReview',
				...ALL_PROJECTS,
				options: { maxEventsPerPoll: 1_000 },
			},
			credentials: env.agencyCredentials(),
		});
	const pairs = (items: INodeExecutionData[]) =>
		items.map((item) => [(item.json.project as { id: number }).id, item.json.id as number]);
	const reviewsOf = (project: SimProject, count: number, createdAt: number) => {
		const start = project.reviews.items.at(-1)?.id ?? 0;
		env.sim.addReviews(project.id, count, { score: 4, created_at: createdAt });
		return project.reviews.items.filter((r) => r.id > start).map((r) => [project.id, r.id]);
	};

	it('2,500 in one project, 5 in two others: at most 1,000 a poll; the small ones are not held back', async () => {
		const big = env.sim.defaultProject();
		const [small1, small2] = [env.sim.createProject('Small 1'), env.sim.createProject('Small 2')];
		const poller = agencyPoller();
		await poller.poll();
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now + 5);
		const expected = [
			...reviewsOf(small1, 5, now + 1),
			...reviewsOf(small2, 5, now + 1),
			...reviewsOf(big, 2_500, now + 2),
		];
		const perPoll = await drain(async () => await poller.poll(), expected.length);
		expect(perPoll.map((items) => items.length).filter((count) => count > 1_000)).toEqual([]);
		const first = pairs(perPoll[0]).map(([project]) => project);
		expect(first.filter((id) => id === small1.id)).toHaveLength(5);
		expect(first.filter((id) => id === small2.id)).toHaveLength(5);
		const all = perPoll.flatMap(pairs);
		const sorted = (list: number[][]) => [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
		expect(sorted(all)).toEqual(sorted(expected));
		for (const project of [big, small1, small2]) {
			const mine = all.filter(([id]) => id === project.id);
			expect(mine).toEqual(expected.filter(([id]) => id === project.id));
		}
	});

	it('an import into one project larger than the max before every poll does not starve another', async () => {
		const busy = env.sim.defaultProject();
		const quiet = env.sim.createProject('Quiet');
		const poller = agencyPoller();
		await poller.poll();
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now + 1);
		reviewsOf(busy, 1_200, now + 1);
		const waiting = reviewsOf(quiet, 5, now + 1);
		const emitted: number[][] = [];
		for (let poll = 0; poll < 3; poll++) {
			const items = (await poller.poll())?.[0] ?? [];
			expect(items.length).toBeLessThanOrEqual(1_000);
			emitted.push(...pairs(items));
			env.sim.setNow(now + 2 + poll);
			reviewsOf(busy, 1_200, now + 2 + poll);
		}
		expect(emitted.filter(([id]) => id === quiet.id)).toEqual(waiting);
	});
});
