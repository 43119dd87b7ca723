import {
	attemptTimeout,
	backoffMs,
	DEFAULT_RETRY,
	MIN_ATTEMPT_MS,
	nextStep,
	parseRetryAfter,
	shouldRetry,
} from '../../nodes/ReviewCollection/transport/retry';

describe('retry policy (pure)', () => {
	it.each([
		['GET', 429, true],
		['GET', 500, true],
		['GET', 503, true],
		['GET', undefined, true],
		['PUT', 502, true],
		['DELETE', 500, true],
		['POST', 429, true],
		['POST', 500, false],
		['POST', undefined, false],
		['GET', 404, false],
		['GET', 422, false],
		['PUT', 401, false],
	] as const)('%s answered %s → retry %s', (method, status, expected) => {
		expect(shouldRetry(method, status)).toBe(expected);
	});

	it('doubles the back-off without Retry-After, capped', () => {
		expect([0, 1, 2, 10].map((retry) => backoffMs(retry, DEFAULT_RETRY))).toEqual([
			500,
			1000,
			2000,
			DEFAULT_RETRY.maxDelayMs,
		]);
	});

	it('reads Retry-After in seconds and as an HTTP date (a date past is 0, nonsense is none)', () => {
		const now = Date.parse('2026-11-22T10:00:00Z');
		expect(parseRetryAfter('2', now)).toBe(2000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
		expect(parseRetryAfter('3600', now)).toBe(3_600_000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});
});

describe('the next step after a failed attempt', () => {
	const now = 1_000_000;
	const get = (status: number | undefined, retryAfter?: string, retry = 0) => ({
		method: 'GET' as const,
		status,
		retry,
		retryAfter,
	});

	it('without a deadline: Retry-After within the cap is waited for as asked', () => {
		expect(nextStep(get(429, '30'), DEFAULT_RETRY, undefined, now)).toEqual({
			retry: true,
			delayMs: 30_000,
		});
		expect(nextStep(get(503, undefined, 2), DEFAULT_RETRY, undefined, now)).toEqual({
			retry: true,
			delayMs: 2000,
		});
	});

	it('without a deadline: Retry-After beyond the cap is not retried, and the stop names the wait', () => {
		expect(nextStep(get(429, '3600'), DEFAULT_RETRY, undefined, now)).toEqual({
			retry: false,
			stop: { askedMs: 3_600_000, limit: 'cap', limitMs: 30_000, outOfBudget: false },
		});
	});

	it('retries used up, or an answer not to retry: no retry and no stop', () => {
		expect(nextStep(get(429, '1', 3), DEFAULT_RETRY, undefined, now)).toEqual({ retry: false });
		expect(nextStep(get(404), DEFAULT_RETRY, now + 60_000, now)).toEqual({ retry: false });
		expect(nextStep({ ...get(500), method: 'POST' }, DEFAULT_RETRY, undefined, now)).toEqual({
			retry: false,
		});
	});

	it('with a deadline: a wait that ends with room to send before it is made', () => {
		const deadline = now + 1000 + MIN_ATTEMPT_MS;
		expect(nextStep(get(429, '1'), DEFAULT_RETRY, deadline, now)).toEqual({
			retry: true,
			delayMs: 1000,
		});
	});

	it('with a deadline: a wait that leaves no room to send is not made (out of budget)', () => {
		const deadline = now + 1000 + MIN_ATTEMPT_MS - 1;
		expect(nextStep(get(429, '1'), DEFAULT_RETRY, deadline, now)).toEqual({
			retry: false,
			stop: { askedMs: 1000, limit: 'deadline', limitMs: deadline - now, outOfBudget: true },
		});
		expect(nextStep(get(undefined, undefined, 1), DEFAULT_RETRY, deadline, now)).toEqual({
			retry: false,
			stop: { askedMs: undefined, limit: 'deadline', limitMs: deadline - now, outOfBudget: true },
		});
	});

	it('with a deadline: Retry-After beyond the cap is out of budget too', () => {
		expect(nextStep(get(429, '3600'), DEFAULT_RETRY, now + 7_200_000, now)).toMatchObject({
			retry: false,
			stop: { limit: 'cap', outOfBudget: true },
		});
	});

	it('an attempt cut to the deadline is never retried, whatever the method', () => {
		for (const method of ['GET', 'POST'] as const) {
			expect(
				nextStep(
					{ method, status: undefined, retry: 0, cutByDeadline: true },
					DEFAULT_RETRY,
					now,
					now,
				),
			).toEqual({
				retry: false,
				stop: { limit: 'deadline', limitMs: 0, outOfBudget: true, cut: true },
			});
		}
	});
});

describe('the timeout of an attempt', () => {
	it('is the configured one, cut to what is left before the deadline', () => {
		expect(attemptTimeout(30_000, undefined, 0)).toEqual({ timeoutMs: 30_000, cut: false });
		expect(attemptTimeout(30_000, 60_000, 0)).toEqual({ timeoutMs: 30_000, cut: false });
		expect(attemptTimeout(30_000, 1_500, 0)).toEqual({ timeoutMs: 1_500, cut: true });
		expect(attemptTimeout(30_000, 0, 10)).toEqual({ timeoutMs: -10, cut: true });
	});
});

/** The edges `npm run mutate` found untested (issue 42). */
describe('retry policy: edges', () => {
	it('HEAD is idempotent: retried on a 5xx', () => {
		expect(shouldRetry('HEAD', 500)).toBe(true);
		expect(shouldRetry('PATCH', 500)).toBe(false);
	});

	it.each([
		[' 5 ', 5_000],
		['1.25', 1_250],
		['1.5', 1_500],
		['x5', undefined],
		['5x', undefined],
		['', undefined],
		['   ', undefined],
		[undefined, undefined],
	])('Retry-After %j is %s ms', (value, ms) => {
		expect(parseRetryAfter(value, 0)).toBe(ms);
	});

	it('no Retry-After: the back-off; one within the cap: that wait', () => {
		const attempt = { method: 'GET', status: 500, retry: 0 } as const;
		expect(nextStep(attempt, DEFAULT_RETRY, undefined, 0)).toEqual({ retry: true, delayMs: 500 });
		expect(nextStep({ ...attempt, retryAfter: '2' }, DEFAULT_RETRY, undefined, 0)).toEqual({
			retry: true,
			delayMs: 2_000,
		});
		expect(nextStep({ ...attempt, retryAfter: '30' }, DEFAULT_RETRY, undefined, 0)).toEqual({
			retry: true,
			delayMs: 30_000,
		});
	});

	it('exactly the configured timeout left: not cut', () => {
		expect(attemptTimeout(1_000, 1_000, 0)).toEqual({ timeoutMs: 1_000, cut: false });
		expect(attemptTimeout(1_000, 999.5, 0)).toEqual({ timeoutMs: 999, cut: true });
	});
});
