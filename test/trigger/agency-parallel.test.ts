/**
 * Contract §8 "All Projects at scale": projects are read up to `requestOptions.concurrency` at once
 * (default 4), within the poll's budget; a 429 of one pauses all; projects a poll did not reach are read
 * first by the next. In-flight requests are counted at the simulator (no timing thresholds).
 */
import { createPoller } from '../harness';
import type { SimProject } from '../simulator';
import { useSimulator } from '../harness/simulator-env';
import { slowDown } from '../harness/trigger-pollers';

const env = useSimulator();
const reviews = '/project/reviews';

function agencyPoller(parameters: Record<string, unknown> = {}, budgetMs?: number) {
	return createPoller({
		parameters: {
			event: 'newReview',
			authentication: 'agencyKey',
			projectScope: 'all',
			...parameters,
		},
		credentials: env.agencyCredentials(),
		budgetMs,
	});
}

function projects(count: number): SimProject[] {
	const list = [env.sim.defaultProject()];
	for (let i = 1; i < count; i++) list.push(env.sim.createProject(`Client ${i}`));
	return list;
}

/** Review-list requests answered later than now, sampled whenever one is about to be answered. */
function countInFlight() {
	const seen = { max: 0 };
	env.sim.answering = (request) => {
		if (request.path !== reviews) return;
		const open = env.sim.requests.filter((r) => r.path === reviews && r.status === 0).length;
		seen.max = Math.max(seen.max, open);
	};
	return seen;
}

const slow = (ms: number) => slowDown(env, reviews, ms);

const emittedPairs = (output: Awaited<ReturnType<ReturnType<typeof agencyPoller>['poll']>>) =>
	(output?.[0] ?? []).map((item) => [
		(item.json.project as { id: number }).id,
		item.json.id as number,
	]);

describe('All Projects in parallel', () => {
	it('120 projects with 30 ms latency: the idle poll keeps 4 requests in flight (default Concurrency), one per project', async () => {
		const all = projects(120);
		const poller = agencyPoller();
		await poller.poll();
		slow(30);
		const inFlight = countInFlight();
		const before = env.requests('GET', reviews).length;
		expect(await poller.poll()).toBeNull();
		expect(env.requests('GET', reviews).length - before).toBe(all.length);
		expect(inFlight.max).toBeGreaterThan(1);
		expect(inFlight.max).toBeLessThanOrEqual(4);
	});

	it('Concurrency 16: up to 16 at once; every new review once, in project order', async () => {
		const all = projects(40);
		const poller = agencyPoller({ requestOptions: { concurrency: 16 } });
		await poller.poll();
		const expected: number[][] = [];
		for (const project of all) {
			env.sim.addReviews(project.id, 2, { score: 5 });
			for (const review of project.reviews.items.slice(-2)) expected.push([project.id, review.id]);
		}
		slow(20);
		const inFlight = countInFlight();
		expect(emittedPairs(await poller.poll())).toEqual(expected);
		expect(inFlight.max).toBeGreaterThan(4);
		expect(inFlight.max).toBeLessThanOrEqual(16);
	});

	it('a budget too small for every project: unreached projects go first next poll; every review once', async () => {
		const all = projects(60);
		const poller = agencyPoller({ requestOptions: { concurrency: 2 } }, 600);
		await poller.poll();
		// Projects the activation poll did not reach start from the activation (whole seconds): the new
		// reviews come a few seconds later.
		env.sim.setNow(Math.floor(Date.now() / 1000) + 3);
		for (const project of all) env.sim.addReviews(project.id, 1, { score: 5 });
		const expected = all.map((project) => [project.id, project.reviews.items.at(-1)!.id]);
		slow(60);
		const delivered: number[][] = [];
		let polls = 0;
		while (delivered.length < expected.length && polls < 30) {
			const pairs = emittedPairs(await poller.poll());
			polls++;
			expect(pairs.length).toBeGreaterThan(0);
			delivered.push(...pairs);
		}
		expect(polls).toBeGreaterThan(1);
		expect([...delivered].sort((a, b) => a[0] - b[0])).toEqual(expected);
		env.sim.setNow(undefined);
	});

	it('a 429 of one project pauses the requests of all of them until its Retry-After has passed', async () => {
		projects(12);
		const poller = agencyPoller({ requestOptions: { concurrency: 4 } });
		await poller.poll();
		const answeredAt: number[] = [];
		env.sim.answering = (request) => {
			if (request.path === reviews) answeredAt.push(Date.now());
		};
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 1 },
			method: 'GET',
			path: reviews,
			skip: 1,
		});
		const limited = Date.now();
		expect(await poller.poll()).toBeNull();
		// The second request got the 429; nothing is answered in the second after it but what was
		// already in flight (at most 3 others at Concurrency 4).
		const early = answeredAt.filter((at) => at - limited < 900);
		expect(early.length).toBeLessThanOrEqual(4);
		expect(answeredAt.length).toBeGreaterThanOrEqual(12);
	});
});
