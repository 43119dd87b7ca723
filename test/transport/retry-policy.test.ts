import {
	DEFAULT_RETRY,
	retryDelayMs,
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

	it('doubles the back-off without Retry-After', () => {
		expect([0, 1, 2].map((retry) => retryDelayMs(retry, undefined, DEFAULT_RETRY))).toEqual([
			500, 1000, 2000,
		]);
	});

	it('honours Retry-After in seconds and as an HTTP date, capped', () => {
		const now = Date.parse('2026-11-22T10:00:00Z');
		expect(retryDelayMs(0, '2', DEFAULT_RETRY, now)).toBe(2000);
		expect(retryDelayMs(0, 'Sun, 22 Nov 2026 10:00:05 GMT', DEFAULT_RETRY, now)).toBe(5000);
		expect(retryDelayMs(0, '3600', DEFAULT_RETRY, now)).toBe(DEFAULT_RETRY.maxDelayMs);
		expect(retryDelayMs(0, 'Sun, 22 Nov 2026 09:00:00 GMT', DEFAULT_RETRY, now)).toBe(0);
		expect(retryDelayMs(1, 'soon', DEFAULT_RETRY, now)).toBe(1000);
	});
});
