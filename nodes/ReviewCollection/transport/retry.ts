import type { IHttpRequestMethods } from 'n8n-workflow';

/**
 * Retry policy (contract §5, §9), kept pure so it can be unit-tested. GET, PUT and DELETE are idempotent
 * and are retried on 429, 5xx and network failures. A POST is retried only on 429: the API refused it,
 * so nothing was created; after a 5xx or a dropped connection it may have been created, and a retry
 * could duplicate it. A wait the node may not make (a Retry-After beyond the cap, or one that does not
 * end before the request's deadline with room to send) is not shortened: the request is not retried.
 */
export interface RetrySettings {
	/** Retries after the first attempt. */
	maxRetries: number;
	/** First back-off when the API gives no Retry-After; doubles on every retry. */
	baseDelayMs: number;
	/** Cap on any single wait: a longer Retry-After is not waited for (no retry). */
	maxDelayMs: number;
}

export const DEFAULT_RETRY: RetrySettings = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Time a retry must leave before the deadline, once its wait is over, to be worth sending. */
export const MIN_ATTEMPT_MS = 250;

export function isIdempotent(method: IHttpRequestMethods): boolean {
	return method === 'GET' || method === 'PUT' || method === 'DELETE' || method === 'HEAD';
}

/** `status` is the HTTP status, or undefined when no answer came (timeout, dropped connection). */
export function shouldRetry(method: IHttpRequestMethods, status: number | undefined): boolean {
	if (status === 429) return true;
	if (!isIdempotent(method)) return false;
	return status === undefined || status >= 500;
}

/** The back-off before retry number `retry` (0-based) when the API gives no Retry-After. */
export function backoffMs(retry: number, settings: RetrySettings): number {
	return Math.min(settings.baseDelayMs * 2 ** retry, settings.maxDelayMs);
}

/** Retry-After in ms (seconds or an HTTP date; a date in the past is 0), undefined when absent or unreadable. */
export function parseRetryAfter(
	value: string | undefined,
	now: number = Date.now(),
): number | undefined {
	const trimmed = value?.trim() ?? '';
	if (trimmed === '') return undefined;
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
	const date = Date.parse(trimmed);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** An attempt that did not succeed. */
export interface Attempt {
	method: IHttpRequestMethods;
	/** The HTTP status, or undefined when no answer came. */
	status: number | undefined;
	/** How many retries came before it (0: the first attempt). */
	retry: number;
	retryAfter?: string;
	/** No answer in time, and its timeout was cut to the deadline. */
	cutByDeadline?: boolean;
}

/** Why a request the policy would retry is not retried: the wait does not fit. */
export interface Stop {
	/** The wait the service asked for (Retry-After), in ms. */
	askedMs?: number;
	/** 'cap': longer than settings.maxDelayMs; 'deadline': does not end before the deadline with room to send. */
	limit: 'cap' | 'deadline';
	/** The cap, or what was left before the deadline, in ms. */
	limitMs: number;
	/** The request had a deadline: it ran out of its time (isOutOfBudget). */
	outOfBudget: boolean;
	/** The attempt itself was cut to the deadline (no answer by then). */
	cut?: true;
}

export type Step = { retry: true; delayMs: number } | { retry: false; stop?: Stop };

/** What follows a failed attempt: a retry after `delayMs`, or none (with `stop` when time is why). */
export function nextStep(
	attempt: Attempt,
	settings: RetrySettings,
	deadline?: number,
	now: number = Date.now(),
): Step {
	const outOfBudget = deadline !== undefined;
	const left = (deadline ?? Infinity) - now;
	if (attempt.cutByDeadline)
		return { retry: false, stop: { limit: 'deadline', limitMs: 0, outOfBudget, cut: true } };
	if (attempt.retry >= settings.maxRetries || !shouldRetry(attempt.method, attempt.status))
		return { retry: false };
	const askedMs = parseRetryAfter(attempt.retryAfter, now);
	if (askedMs !== undefined && askedMs > settings.maxDelayMs)
		return {
			retry: false,
			stop: { askedMs, limit: 'cap', limitMs: settings.maxDelayMs, outOfBudget },
		};
	const delayMs = askedMs ?? backoffMs(attempt.retry, settings);
	if (delayMs + MIN_ATTEMPT_MS > left)
		return {
			retry: false,
			stop: { askedMs, limit: 'deadline', limitMs: Math.max(0, left), outOfBudget },
		};
	return { retry: true, delayMs };
}

/** The timeout of an attempt sent now: the configured one, cut to what is left before the deadline. */
export function attemptTimeout(
	timeoutMs: number,
	deadline?: number,
	now: number = Date.now(),
): { timeoutMs: number; cut: boolean } {
	const left = deadline === undefined ? Infinity : Math.floor(deadline - now);
	return left < timeoutMs ? { timeoutMs: left, cut: true } : { timeoutMs, cut: false };
}
