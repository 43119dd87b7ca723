/**
 * Issue 12.7 and 12.8, through the engine against the simulator: under Concurrency, items that may
 * resolve to one customer are never in flight together, and without Continue On Fail an item queued
 * behind a failed item of the same record is not applied (the records end as at Concurrency 1).
 * Overlap is read from the simulator's request log, never from timings.
 */
import type { LoggedRequest } from '../../simulator';
import { byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

/** For every request: how many were unanswered when it arrived (itself included). */
function watchInFlight(): Array<{ request: LoggedRequest; inFlight: LoggedRequest[] }> {
	const arrivals: Array<{ request: LoggedRequest; inFlight: LoggedRequest[] }> = [];
	const log = env.sim.requests;
	const push = log.push.bind(log);
	log.push = (...entries: LoggedRequest[]) => {
		const count = push(...entries);
		for (const request of entries)
			arrivals.push({ request, inFlight: log.filter((r) => r.status === 0) });
		return count;
	};
	return arrivals;
}

const chargeParameters = {
	resource: 'charge',
	operation: 'create',
	amount: '={{ $json.amount }}',
	currency: 'USD',
	additionalFields: { email: '={{ $json.email }}', phone: '={{ $json.phone }}' },
	requestOptions: { concurrency: 8 },
};

describe('items that may be the same customer are never in flight together', () => {
	it.each([
		[
			'email + phone, then only that phone',
			[{ email: 'pat@example.com', phone: '+15550100' }, { phone: '+15550100' }],
		],
		['phones that differ only in formatting', [{ phone: '+1 555-0100' }, { phone: '+15550100' }]],
		[
			// (Surrounding spaces are normalised too; the service itself refuses an email sent with them.)
			'emails differing in case',
			[{ email: 'Pat@Example.COM' }, { email: 'pat@example.com' }],
		],
		[
			'only a phone, then email + that phone',
			[{ phone: '(555) 0100' }, { email: 'other@example.com', phone: '5550100' }],
		],
	])('%s', async (_what, people) => {
		const arrivals = watchInFlight();
		// The first request is held back: a second one for the same customer must wait for it.
		env.sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			fault: { kind: 'hang', ms: 400 },
			times: 1,
		});
		const input = [...people, { email: 'someone.else@example.com' }].map((p, i) => ({
			amount: 500 + i,
			email: '',
			phone: '',
			...p,
		}));

		const { error } = await env.run(chargeParameters, { input });

		expect(error).toBeUndefined();
		const posts = arrivals.filter((a) => a.request.method === 'POST');
		expect(posts).toHaveLength(input.length);
		const second = posts.find((a) => (a.request.body as { amount: number }).amount === 501)!;
		const first = posts.find((a) => (a.request.body as { amount: number }).amount === 500)!;
		expect(second.inFlight).not.toContain(first.request);
		// Someone else is not held back: it overlapped the first one.
		const other = posts.find(
			(a) => (a.request.body as { amount: number }).amount === 500 + people.length,
		)!;
		expect(other.inFlight).toContain(first.request);
	});
});

describe('after a failure without Continue On Fail, the records end as at Concurrency 1', () => {
	const steps = [
		{ reviewId: 1, reply: 'first' },
		{ reviewId: 1, reply: 'second' }, // refused by the service
		{ reviewId: 1, reply: 'third' }, // queued behind the failure: must not be applied
		{ reviewId: 2, reply: 'other' },
	];
	const parameters = (concurrency: number) => ({
		resource: 'review',
		operation: 'reply',
		reviewId: byId('={{ $json.reviewId }}'),
		reply: '={{ $json.reply }}',
		requestOptions: { concurrency },
	});

	it.each([1, 4])(
		'Concurrency %i: review 1 keeps the reply sent before the failure',
		async (concurrency) => {
			env.sim.injectFault({
				method: 'PUT',
				path: '/project/reviews/1/reply',
				fault: { kind: 'status', status: 422 },
				skip: 1,
				times: 1,
			});

			const { error } = await env.run(parameters(concurrency), { input: steps });

			expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
			const sent = env
				.requests('PUT', '/project/reviews/1/reply')
				.map((r) => (r.body as { reply: string }).reply);
			expect(sent).toEqual(['first', 'second']);
			expect(env.sim.defaultProject().reviews.get(1)!.reply).toBe('first');
		},
	);
});
