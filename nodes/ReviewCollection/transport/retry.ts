import type { IHttpRequestMethods } from 'n8n-workflow';

/**
 * Retry policy (contract §5), kept pure so it can be unit-tested. GET, PUT and DELETE are idempotent
 * and are retried on 429, 5xx and network failures. A POST is retried only on 429: the API refused it,
 * so nothing was created; after a 5xx or a dropped connection it may have been created, and a retry
 * could duplicate it.
 */
export interface RetrySettings {
	/** Retries after the first attempt. */
	maxRetries: number;
	/** First back-off when the API gives no Retry-After; doubles on every retry. */
	baseDelayMs: number;
	/** Cap on any single wait, Retry-After included. */
	maxDelayMs: number;
}

export const DEFAULT_RETRY: RetrySettings = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export function isIdempotent(method: IHttpRequestMethods): boolean {
	return method === 'GET' || method === 'PUT' || method === 'DELETE' || method === 'HEAD';
}

/** `status` is the HTTP status, or undefined when no answer came (timeout, dropped connection). */
export function shouldRetry(method: IHttpRequestMethods, status: number | undefined): boolean {
	if (status === 429) return true;
	if (!isIdempotent(method)) return false;
	return status === undefined || status >= 500;
}

/** Milliseconds to wait before retry number `retry` (0-based), honouring Retry-After (seconds or an HTTP date). */
export function retryDelayMs(
	retry: number,
	retryAfter: string | undefined,
	settings: RetrySettings,
	now: number = Date.now(),
): number {
	const fromHeader = parseRetryAfter(retryAfter, now);
	const delay = fromHeader ?? settings.baseDelayMs * 2 ** retry;
	return Math.max(0, Math.min(delay, settings.maxDelayMs));
}

function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const trimmed = value.trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
	const date = Date.parse(trimmed);
	return Number.isNaN(date) ? undefined : date - now;
}
