/**
 * A request's deadline (INTERFACES.md, contract §9 "Everything inside the budget"): no attempt is sent,
 * and no wait or answer awaited, past it. Driven through n8n's real PollContext by a polling node that
 * passes `deadline` as the trigger does (when the poll started + getPollBudgetMs()), against the
 * simulator. The assertions on elapsed time are the property itself (nothing past the deadline), not a
 * speed target.
 */
import { NodeApiError } from 'n8n-workflow';

import { isOutOfBudget } from '../../nodes/ReviewCollection/transport';
import { createPoller, defaultRegistry } from '../harness';
import { useSimulator } from '../harness/simulator-env';
import { BudgetPoll } from './fixtures/BudgetPoll.node';

const env = useSimulator();
const reviews = '/project/reviews';

function budgetPoll(budgetMs: number, requestOptions = {}) {
	const registry = defaultRegistry();
	registry.addNode(new BudgetPoll());
	return createPoller({
		registry,
		nodeType: 'budgetPoll',
		parameters: { path: reviews, requestOptions },
		credentials: env.projectCredentials(),
		budgetMs,
	});
}

/** One poll: what it threw, how long it took, and the statuses of the requests the service saw. */
async function pollOnce(budgetMs: number, requestOptions = {}) {
	const poller = budgetPoll(budgetMs, requestOptions);
	const started = Date.now();
	let error: unknown;
	try {
		await poller.poll();
	} catch (thrown) {
		error = thrown;
	}
	const statuses = env.requests('GET', reviews).map((request) => request.status);
	return { error, elapsedMs: Date.now() - started, statuses };
}

describe('a 429 whose Retry-After does not fit before the deadline', () => {
	it('Retry-After 9 s with a 6 s budget: no wait, no retry, an out-of-budget error naming the wait', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 9 },
			method: 'GET',
			path: reviews,
		});

		const { error, elapsedMs, statuses } = await pollOnce(6_000);

		expect(statuses).toEqual([429]);
		expect(elapsedMs).toBeLessThan(6_000);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(isOutOfBudget(error)).toBe(true);
		expect((error as NodeApiError).httpCode).toBe('429');
		expect((error as Error).message).toMatch(/^The service answered 429: .+/);
		expect((error as Error).message).toMatch(/the service asked to wait 9 s/);
	});

	it('Retry-After 1 s with a 6 s budget: waited and retried (the wait fits)', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 1 },
			method: 'GET',
			path: reviews,
		});

		const { error, statuses } = await pollOnce(6_000);

		expect(error).toBeUndefined();
		expect(statuses).toEqual([429, 200]);
	});
});

describe('a request slower than the deadline', () => {
	it('an answer 4 s late with a 1.5 s budget: one attempt cut to the deadline, not retried', async () => {
		env.sim.injectFault({ fault: { kind: 'hang', ms: 4_000 }, method: 'GET', path: reviews });

		const { error, elapsedMs, statuses } = await pollOnce(1_500, { maxRetries: 3 });

		expect(statuses).toEqual([0]);
		expect(elapsedMs).toBeLessThan(1_500 + 500);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(isOutOfBudget(error)).toBe(true);
		expect((error as Error).message).toMatch(/^The service did not answer GET \/project\/reviews/);
	});

	it('an attempt the configured Timeout ends before the deadline is retried as usual', async () => {
		env.sim.injectFault({ fault: { kind: 'hang', ms: 3_000 }, method: 'GET', path: reviews });

		const { error, statuses } = await pollOnce(20_000, { timeout: 300, maxRetries: 1 });

		expect(error).toBeUndefined();
		expect(statuses).toEqual([0, 200]);
	});
});

describe('no attempt sent past the deadline', () => {
	it('503 on every attempt, 1.5 s budget: back-offs of 0.5 s, 1 s, 2 s; only the attempts that fit are sent', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 503 },
			method: 'GET',
			path: reviews,
			times: 99,
		});

		const { error, elapsedMs, statuses } = await pollOnce(1_500, { maxRetries: 3 });

		// 0 s and 0.5 s; the next one (after 1 s more) would leave no room before 1.5 s.
		expect(statuses).toEqual([503, 503]);
		expect(elapsedMs).toBeLessThan(1_500);
		expect(isOutOfBudget(error)).toBe(true);
		expect((error as NodeApiError).httpCode).toBe('503');
	});

	it('no time left when the request would be sent: nothing is sent', async () => {
		const { error, statuses } = await pollOnce(0);

		expect(statuses).toEqual([]);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(isOutOfBudget(error)).toBe(true);
		expect((error as Error).message).toMatch(/GET \/project\/reviews was not sent/);
	});
});

describe('errors that are not about the budget', () => {
	it('a 404 within the deadline is an ordinary failure', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 404 },
			method: 'GET',
			path: reviews,
		});

		const { error } = await pollOnce(6_000);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(isOutOfBudget(error)).toBe(false);
	});
});
