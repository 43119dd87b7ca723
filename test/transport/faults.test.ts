import { NodeApiError } from 'n8n-workflow';

import { byId, useSimulator } from '../harness/simulator-env';

/** The transport under API faults, through the engine: what is retried, what is surfaced, and never a duplicate. */
const env = useSimulator();

const listReviews = () =>
	env.run({ resource: 'review', operation: 'getAll', returnAll: false, limit: 2 });
const createReview = () =>
	env.run({
		resource: 'review',
		operation: 'create',
		score: 5,
		additionalFields: { email: 'zoe@example.com' },
	});
const reviewsBy = (email: string) =>
	env.sim
		.defaultProject()
		.reviews.items.filter((r) => env.sim.toJson('customer', r.customer_id).email === email);

describe('transport under faults', () => {
	it('retries a GET after a 429, honouring Retry-After', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 0 },
			path: '/project/reviews',
		});

		const { items, error } = await listReviews();

		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(env.sim.requests.map((r) => r.status)).toEqual([429, 200]);
	});

	it('retries a GET after a 5xx and after a dropped connection', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 503, retryAfter: 0 },
			path: '/project/reviews',
		});
		env.sim.injectFault({ fault: { kind: 'drop' }, path: '/project/reviews' });

		const { error } = await listReviews();

		expect(error).toBeUndefined();
		expect(env.sim.requests.map((r) => r.status)).toEqual([503, 0, 200]);
	});

	it('gives up after Max Retries and reports the last answer', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 500, retryAfter: 0 },
			path: '/project/reviews',
			times: 10,
		});

		const { error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			requestOptions: { maxRetries: 2 },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/^The service answered 500/);
		expect(env.sim.requests).toHaveLength(3);
	});

	it('retries a POST after a 429 and creates exactly one record', async () => {
		env.sim.injectFault({ fault: { kind: 'status', status: 429, retryAfter: 0 }, method: 'POST' });

		const { items, error } = await createReview();

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(env.requests('POST')).toHaveLength(2);
		expect(reviewsBy('zoe@example.com')).toHaveLength(1);
	});

	it('never retries a POST after a 500: at most one record, and the failure is reported', async () => {
		// The server stored the review, then failed to answer: a retry would duplicate it.
		env.sim.injectFault({ fault: { kind: 'status', status: 500 }, method: 'POST', after: true });

		const { error } = await createReview();

		expect(error?.message).toMatch(/^The service answered 500/);
		expect(env.requests('POST')).toHaveLength(1);
		expect(reviewsBy('zoe@example.com')).toHaveLength(1);
	});

	it('never retries a POST whose connection dropped', async () => {
		env.sim.injectFault({ fault: { kind: 'drop' }, method: 'POST' });

		const { error } = await createReview();

		expect(error?.message).toMatch(/Could not reach the service for POST \/project\/reviews/);
		expect(env.requests('POST')).toHaveLength(1);
	});

	it('treats HTTP 200 with success: false as an error with the API message and code', async () => {
		env.sim.injectFault({
			fault: { kind: 'successFalse', code: 409, message: 'Review is locked.' },
			method: 'PUT',
		});

		const { error } = await env.run({
			resource: 'review',
			operation: 'flagHidden',
			reviewId: byId(1),
			isHidden: true,
		});

		expect(error?.message).toBe('The service answered 409: Review is locked.');
		expect((error as NodeApiError).httpCode).toBe('409');
	});

	it('reports a body that is not JSON clearly', async () => {
		env.sim.injectFault({ fault: { kind: 'malformed' }, path: '/project/reviews' });

		const { error } = await listReviews();

		expect(error?.message).toBe('The service answered HTTP 200 with a body that is not JSON');
	});

	it('shows who answered an HTML error page', async () => {
		env.sim.injectFault({ fault: { kind: 'html', status: 502 }, method: 'PUT', times: 4 });

		const { error } = await env.run({
			resource: 'review',
			operation: 'reply',
			reviewId: byId(1),
			reply: 'Thanks',
		});

		expect(error?.message).toBe('The service answered HTTP 502 with a body that is not JSON');
		expect(error?.description).toMatch(/Body: "/);
	});

	it('fails a request that hangs past the timeout, clearly', async () => {
		env.sim.injectFault({ fault: { kind: 'hang', ms: 1500 }, method: 'POST' });

		const { error } = await env.run({
			resource: 'review',
			operation: 'create',
			score: 5,
			requestOptions: { timeout: 200 },
		});

		expect(error?.message).toBe('The service did not answer POST /project/reviews within 200 ms');
	});
});

describe('fault rules of the simulator', () => {
	it('can let the first matching requests through (skip)', async () => {
		env.sim.injectFault({ fault: { kind: 'status', status: 404 }, method: 'PUT', skip: 1 });

		const { items } = await env.run(
			{
				resource: 'review',
				operation: 'flagHidden',
				reviewId: byId('={{ $json.id }}'),
				isHidden: true,
			},
			{ input: [{ id: 1 }, { id: 2 }, { id: 3 }], continueOnFail: true },
		);

		expect(env.requests('PUT').map((r) => r.status)).toEqual([200, 404, 200]);
		expect(items.map((item) => Object.keys(item.json)[0])).toEqual(['success', 'error', 'success']);
	});
});
