/**
 * Request Options → Concurrency, through the engine against the simulator. Overlap is proven from the
 * simulator's request log (a request arrives while an earlier one is still unanswered), never from
 * how long a run took.
 */
import type { LoggedRequest } from '../../simulator';
import { byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

interface Arrival {
	request: LoggedRequest;
	/** Requests received and not yet answered when this one arrived (itself included). */
	inFlight: number;
	at: number;
}

/** Records, for every request the simulator receives, how many were unanswered at that moment. */
function watchArrivals(): Arrival[] {
	const arrivals: Arrival[] = [];
	const log = env.sim.requests;
	const push = log.push.bind(log);
	log.push = (...entries: LoggedRequest[]) => {
		const count = push(...entries);
		for (const request of entries) {
			// `status` stays 0 until the simulator answers (no request is dropped in these tests).
			arrivals.push({
				request,
				inFlight: log.filter((r) => r.status === 0).length,
				at: Date.now(),
			});
		}
		return count;
	};
	return arrivals;
}

const chargeInput = (n: number) =>
	Array.from({ length: n }, (_, i) => ({ amount: 100 + i, email: `buyer${i}@example.com` }));

const chargeParameters = (concurrency: number) => ({
	resource: 'charge',
	operation: 'create',
	amount: '={{ $json.amount }}',
	currency: 'USD',
	additionalFields: { email: '={{ $json.email }}' },
	requestOptions: { concurrency },
});

describe('Request Options → Concurrency', () => {
	it('runs up to 4 creates at once, keeping output order and pairedItem exact', async () => {
		const arrivals = watchArrivals();
		// The first 4 creates are held back: with concurrency they all arrive before any is answered.
		env.sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			fault: { kind: 'hang', ms: 800 },
			times: 4,
		});

		const { items, error } = await env.run(chargeParameters(4), { input: chargeInput(10) });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 10 }, (_, i) => ({ item: i })),
		);
		expect(items.map((item) => item.json.amount)).toEqual(chargeInput(10).map((c) => c.amount));
		const posts = arrivals.filter((a) => a.request.method === 'POST');
		expect(posts).toHaveLength(10);
		// Overlap: the first (hanging) requests were all unanswered when the 4th arrived ...
		expect(posts.slice(0, 4).map((a) => a.inFlight)).toEqual([1, 2, 3, 4]);
		// ... and never more than 4 at once.
		expect(posts.every((a) => a.inFlight <= 4)).toBe(true);
		// Every record exists once.
		const charges = env.sim
			.defaultProject()
			.charges.items.filter((c) => c.amount >= 100 && c.amount < 110);
		expect(charges.map((c) => c.amount).sort()).toEqual(chargeInput(10).map((c) => c.amount));
	});

	it('with the default (1) sends one request at a time', async () => {
		const arrivals = watchArrivals();
		env.sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			fault: { kind: 'hang', ms: 300 },
		});

		const { items, error } = await env.run(
			{ ...chargeParameters(1), requestOptions: {} },
			{ input: chargeInput(5) },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 1, 2, 3, 4,
		]);
		expect(arrivals.every((a) => a.inFlight === 1)).toBe(true);
	});

	it('after a 429 with Retry-After, every request holds back and every record is created exactly once', async () => {
		const arrivals = watchArrivals();
		env.sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			fault: { kind: 'status', status: 429, retryAfter: 1 },
		});

		const { items, error } = await env.run(chargeParameters(4), { input: chargeInput(10) });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.amount)).toEqual(chargeInput(10).map((c) => c.amount));
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			...Array(10).keys(),
		]);
		const posts = arrivals.filter((a) => a.request.method === 'POST');
		expect(posts).toHaveLength(11); // 10 creates + the refused one's retry
		expect(posts.filter((a) => a.request.status === 429)).toHaveLength(1);
		const charges = env.sim
			.defaultProject()
			.charges.items.filter((c) => c.amount >= 100 && c.amount < 110);
		expect(charges.map((c) => c.amount).sort()).toEqual(chargeInput(10).map((c) => c.amount));

		// Shared back-off: when the 429 was answered at most 3 other requests were in flight, so every
		// request after those was sent after the 429 and must wait for Retry-After (1 s).
		const refused = posts.findIndex((a) => a.request.status === 429);
		const later = posts.slice(refused + 4);
		expect(later.length).toBeGreaterThan(0);
		expect(later.every((a) => a.at >= posts[refused].at + 1000 - 15)).toBe(true);
	});

	it('runs changes of the same review in input order, one at a time', async () => {
		const arrivals = watchArrivals();
		const review = env.sim.defaultProject().reviews.items[0];
		env.sim.injectFault({
			method: 'PUT',
			path: `/project/reviews/${review.id}/tags`,
			fault: { kind: 'hang', ms: 300 },
		});
		const tagSets = [
			'vip',
			'great-service',
			'slow-delivery',
			'vip,slow-delivery',
			'great-service,vip',
		];

		const { items, error } = await env.run(
			{
				resource: 'review',
				operation: 'setTags',
				reviewId: byId(review.id),
				tagSlugs: '={{ $json.tags }}',
				requestOptions: { concurrency: 4 },
			},
			{ input: tagSets.map((tags) => ({ tags })) },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 1, 2, 3, 4,
		]);
		const puts = arrivals.filter((a) => a.request.method === 'PUT');
		expect(
			puts.map((a) => (a.request.body as { tag_slugs: string[] }).tag_slugs.join(',')),
		).toEqual(tagSets);
		expect(puts.every((a) => a.inFlight === 1)).toBe(true);
		const tags = env.sim.toJson('review', review.id).tags as Array<{ slug: string }>;
		expect(tags.map((t) => t.slug).sort()).toEqual(['great-service', 'vip']);
	});

	it('changes different reviews at once', async () => {
		const arrivals = watchArrivals();
		const reviews = env.sim.defaultProject().reviews.items.slice(0, 4);
		env.sim.injectFault({
			method: 'PUT',
			path: `/project/reviews/${reviews[0].id}/tags`,
			fault: { kind: 'hang', ms: 500 },
		});

		const { error } = await env.run(
			{
				resource: 'review',
				operation: 'setTags',
				reviewId: '={{ { __rl: true, mode: "id", value: String($json.id) } }}',
				tagSlugs: 'vip',
				requestOptions: { concurrency: 4 },
			},
			{ input: reviews.map((r) => ({ id: r.id })) },
		);

		expect(error).toBeUndefined();
		const puts = arrivals.filter((a) => a.request.method === 'PUT');
		expect(puts).toHaveLength(4);
		expect(puts.slice(1).every((a) => a.inFlight >= 2)).toBe(true);
	});

	it('never runs an agency operation (create project) concurrently, whatever the option says', async () => {
		const arrivals = watchArrivals();
		env.sim.injectFault({
			method: 'POST',
			path: '/agency/projects',
			fault: { kind: 'hang', ms: 300 },
		});
		const names = ['Alpha Shop', 'Beta Shop', 'Gamma Shop', 'Delta Shop'];

		const { items, error } = await env.run(
			{
				resource: 'project',
				operation: 'create',
				name: '={{ $json.name }}',
				requestOptions: { concurrency: 4 },
			},
			{ input: names.map((name) => ({ name })) },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual(names);
		const posts = arrivals.filter((a) => a.request.method === 'POST');
		expect(posts.map((a) => (a.request.body as { name: string }).name)).toEqual(names);
		expect(posts.every((a) => a.inFlight === 1)).toBe(true);
	});

	it('without Continue On Fail, a failing item stops the run with that item named', async () => {
		env.sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			fault: { kind: 'status', status: 422 },
			times: 1,
		});

		const { error } = await env.run(chargeParameters(3), { input: chargeInput(6) });

		expect(error).toBeDefined();
		expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
	});

	it('with Continue On Fail, the failing item becomes { error } in its place', async () => {
		env.sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			fault: { kind: 'status', status: 422 },
			times: 1,
		});

		const { items, error } = await env.run(chargeParameters(3), {
			input: chargeInput(6),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 1, 2, 3, 4, 5,
		]);
		expect(items[0].json.error).toMatch(/422/);
		expect(items.slice(1).map((item) => item.json.amount)).toEqual([101, 102, 103, 104, 105]);
	});
});
