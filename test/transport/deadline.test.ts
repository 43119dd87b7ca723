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
import { startHostileServer } from '../harness/hostile-server';
import { useSimulator } from '../harness/simulator-env';
import { BudgetPoll } from './fixtures/BudgetPoll.node';

const env = useSimulator();
const reviews = '/project/reviews';

function budgetPoll(budgetMs: number, requestOptions = {}, baseUrl?: string) {
	const registry = defaultRegistry();
	registry.addNode(new BudgetPoll());
	const credentials = env.projectCredentials();
	if (baseUrl) credentials.reviewCollectionProjectApi.baseUrl = baseUrl;
	return createPoller({
		registry,
		nodeType: 'budgetPoll',
		parameters: { path: reviews, requestOptions },
		credentials,
		budgetMs,
	});
}

/**
 * One poll: what it threw, how long it took, the statuses of the requests the service saw, and when
 * each reached it (ms after the poll started; read where the simulator logs it).
 */
async function pollOnce(budgetMs: number, requestOptions = {}) {
	const poller = budgetPoll(budgetMs, requestOptions);
	const started = Date.now();
	const arrivals: number[] = [];
	const log = env.sim.requests;
	log.push = (...entries) => {
		arrivals.push(Date.now() - started);
		return Array.prototype.push.apply(log, entries);
	};
	let error: unknown;
	try {
		await poller.poll();
	} catch (thrown) {
		error = thrown;
	} finally {
		delete (log as { push?: unknown }).push;
	}
	const statuses = env.requests('GET', reviews).map((request) => request.status);
	return { error, elapsedMs: Date.now() - started, statuses, arrivals };
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
		expect((error as Error).message).toMatch(
			/ Not retried: the service asked to wait 9 s, and only [3-6](\.\d)? s was left\.$/,
		);
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
		// The answer (4 s) was not awaited; the attempt's timeout was what was left of the 1.5 s.
		expect(elapsedMs).toBeLessThan(4_000);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(isOutOfBudget(error)).toBe(true);
		expect((error as Error).message).toMatch(
			/^The service did not answer GET \/project\/reviews within 1?\d{1,3} ms \(its deadline\)$/,
		);
	});

	it('an answer whose body trickles in (a byte every 250 ms, 10 s) is cut at the deadline too', async () => {
		const service = await startHostileServer(() => ({
			headers: { 'Content-Type': 'application/json' },
			trickle: { everyMs: 250, bytes: 40 },
		}));
		try {
			const poller = budgetPoll(1_500, { maxRetries: 3 }, service.url);
			const started = Date.now();
			const error = await poller.poll().then(
				() => undefined,
				(thrown: unknown) => thrown,
			);

			// Not awaited until the body was done (10 s); one attempt, not retried.
			expect(Date.now() - started).toBeLessThan(10_000);
			expect(service.requests).toHaveLength(1);
			expect(isOutOfBudget(error)).toBe(true);
			expect((error as Error).message).toMatch(
				/^The service did not answer GET \/project\/reviews within 1?\d{1,3} ms \(its deadline\)$/,
			);
		} finally {
			await service.close();
		}
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

		const { error, statuses, arrivals } = await pollOnce(1_500, { maxRetries: 3 });

		// 0 s and 0.5 s; the next one (after 1 s more) would leave no room before 1.5 s. (On a loaded
		// machine the second may not fit either; never a third.)
		expect(statuses).toEqual(statuses.length === 1 ? [503] : [503, 503]);
		expect(arrivals.every((at) => at < 1_500)).toBe(true);
		expect(isOutOfBudget(error)).toBe(true);
		expect((error as NodeApiError).httpCode).toBe('503');
	});

	it('a timeout (300 ms) whose back-off (0.5 s) would leave no room before the deadline (1 s): not retried', async () => {
		env.sim.injectFault({ fault: { kind: 'hang', ms: 3_000 }, method: 'GET', path: reviews });

		const { error, statuses } = await pollOnce(1_000, { timeout: 300, maxRetries: 3 });

		expect(statuses).toEqual([0]);
		expect(isOutOfBudget(error)).toBe(true);
		expect((error as Error).message).toMatch(
			/^The service did not answer GET \/project\/reviews within 300 ms\. Not retried: only 0\.\d s was left\.$/,
		);
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
