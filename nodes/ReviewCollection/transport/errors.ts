import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Stop } from './retry';

/**
 * Turns an API answer that is not a success into a NodeApiError a no-code user can act on. Only the
 * status, the API's `code`, `message` and `errors` are kept: never the request (its headers hold the key).
 */
export interface FailedAnswer {
	status: number;
	body: unknown;
	credentialName: string;
	itemIndex?: number;
	/** Keys to blank out wherever the answer repeats them (message, errors, body excerpt). */
	secrets?: string[];
	/** A last sentence of the description (why part of the answer is not shown, say). */
	note?: string;
	/** Not retried because the wait did not fit (./retry.ts `nextStep`). */
	stop?: Stop;
}

const HINTS: Record<number, string> = {
	400: 'The service could not use a value that was sent (for example a photo URL that is not a reachable image).',
	403: 'The project is not allowed to do this: it may be suspended. An agency can unsuspend it (Project → Unsuspend).',
	404: 'Check the ID or slug: it does not exist in this project (or was deleted).',
	429: 'The service is rate limiting requests. The node already waited and retried; try again later or lower the concurrency.',
};

export function apiError(node: INode, failed: FailedAnswer): NodeApiError {
	const answer = { ...failed, body: redact(failed.body, failed.secrets ?? []) };
	const body = isObject(answer.body) ? answer.body : undefined;
	const apiMessage =
		typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
	const apiCode = typeof body?.code === 'number' ? body.code : undefined;
	// An HTTP 200 carrying `success: false` reports its failure through `code`.
	const status = answer.status >= 200 && answer.status < 300 && apiCode ? apiCode : answer.status;
	const fieldErrors = body ? formatFieldErrors(body.errors) : undefined;

	let message: string;
	if (!body) {
		message = `The service answered HTTP ${answer.status} with a body that is not JSON`;
	} else {
		message = `The service answered ${status}: ${apiMessage ?? 'no error message'}`;
	}
	if (answer.stop) message += ` ${notRetried(answer.stop)}`;
	const description = [
		fieldErrors,
		answer.stop ? stopHint(answer.stop) : describe(status, answer.credentialName),
		snippet(answer.body),
		answer.note,
	]
		.filter(Boolean)
		.join(' ');

	const errorResponse: JsonObject = { httpCode: String(status), message };
	if (apiMessage) errorResponse.apiMessage = apiMessage;
	if (body?.errors && isObject(body.errors)) errorResponse.errors = body.errors as JsonObject;
	const error = new NodeApiError(node, errorResponse, {
		message,
		description: description || undefined,
		httpCode: String(status),
		itemIndex: answer.itemIndex,
	});
	return answer.stop?.outOfBudget ? outOfBudget(error) : error;
}

/**
 * The mark of a request that ran out of its time (a `deadline` passed to apiRequest): its wait did not
 * fit, its attempt was cut to the deadline, or nothing was left to send it. A trigger ends its poll there.
 */
const OUT_OF_BUDGET = 'outOfBudget';

/**
 * The service refused a request as asked (400, 404, 422): a guessed name or value it does not take
 * (contract §10), not an outage, a key or a rate limit.
 */
export function isRefusal(error: unknown): boolean {
	const code = Number(error instanceof NodeApiError ? error.httpCode : undefined);
	return code === 400 || code === 404 || code === 422;
}

export function isOutOfBudget(error: unknown): boolean {
	return error instanceof NodeApiError && error.context?.[OUT_OF_BUDGET] === true;
}

export function outOfBudget(error: NodeApiError): NodeApiError {
	error.context[OUT_OF_BUDGET] = true;
	return error;
}

/** Seconds for a message: "9 s", "2.5 s", "3600 s". */
const seconds = (ms: number) =>
	`${ms >= 10_000 ? Math.round(ms / 1000) : Math.round(ms / 100) / 10} s`;

/** The sentence a message ends with when a retry did not happen because its wait did not fit. */
export function notRetried(stop: Stop): string {
	const asked =
		stop.askedMs !== undefined ? `the service asked to wait ${seconds(stop.askedMs)}` : '';
	if (stop.limit === 'cap')
		return `Not retried: ${asked}, longer than the node waits (${seconds(stop.limitMs)} at most).`;
	const left = stop.limitMs > 0 ? `only ${seconds(stop.limitMs)} was left` : 'no time was left';
	return `Not retried: ${asked ? `${asked}, and ` : ''}${left}.`;
}

export function stopHint(stop: Stop): string {
	return stop.outOfBudget
		? "The request had to end by its deadline (a trigger's: within the poll's time; the next poll reads on)."
		: 'Try again after the time the service asked for, or send fewer requests (lower Concurrency).';
}

/** A request not sent at all: no time was left before its deadline. */
export function notSentError(
	node: INode,
	details: { method: string; path: string; itemIndex?: number },
): NodeApiError {
	const message = `${details.method} ${details.path} was not sent: no time was left for it`;
	const description = stopHint({ limit: 'deadline', limitMs: 0, outOfBudget: true });
	const { itemIndex } = details;
	return outOfBudget(new NodeApiError(node, { message }, { message, description, itemIndex }));
}

/**
 * The service answered with a redirect. It is never followed with a key (the key belongs to the Base
 * URL only), so the user learns where it pointed and fixes the Base URL instead.
 */
export function redirectError(
	node: INode,
	details: {
		status: number;
		location?: string;
		from: string;
		credentialName: string;
		itemIndex?: number;
	},
): NodeApiError {
	const target = originOf(details.location, details.from);
	const message = `The service answered ${details.status} (a redirect to ${target}); the node does not follow redirects with your API key`;
	const description = `Check the Base URL of the "${details.credentialName}" credential: use the address the service redirects to if you trust it (for example https instead of http, or another host name).`;
	return new NodeApiError(
		node,
		{ message, httpCode: String(details.status) },
		{ message, description, httpCode: String(details.status), itemIndex: details.itemIndex },
	);
}

function originOf(location: string | undefined, base: string): string {
	if (!location) return 'no address';
	try {
		return new URL(location, base).origin;
	} catch {
		return 'an invalid address';
	}
}

/** A success answer the node cannot use: a list that is not a list of records, pages that do not add up. */
export function unexpectedAnswerError(
	node: INode,
	details: {
		request: string;
		status: number;
		problem: string;
		paging?: boolean;
		itemIndex?: number;
	},
): NodeApiError {
	const message = details.paging
		? `Paging through ${details.request} stopped: ${details.problem}`
		: `The service's answer to ${details.request} (HTTP ${details.status}) has an unexpected shape: ${details.problem}`;
	const description = details.paging
		? 'Nothing was output: the pages the service answered do not add up. Try again later, or use Limit instead of Return All.'
		: 'Nothing was output. Check that the Base URL of the credential is the Review Collection service.';
	return new NodeApiError(
		node,
		{ message, httpCode: String(details.status) },
		{ message, description, httpCode: String(details.status), itemIndex: details.itemIndex },
	);
}

/** A short description of a value of the wrong kind, for error messages (never its content). */
export function kindOf(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (value === undefined) return 'missing';
	return `a ${typeof value}`;
}

function describe(status: number, credentialName: string): string | undefined {
	if (status === 401) {
		return `Check the "${credentialName}" credential: its API key is wrong, was rotated or belongs to another project.`;
	}
	if (status === 422) return 'Correct the fields listed above and run again.';
	if (status >= 500)
		return 'The service had an internal error; the node retried where that was safe.';
	return HINTS[status];
}

function formatFieldErrors(errors: unknown): string | undefined {
	if (!isObject(errors)) return undefined;
	const parts = Object.entries(errors).map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages.join(' ') : String(messages);
		return `${field}: ${list}`;
	});
	return parts.length ? parts.join('; ') + '.' : undefined;
}

/** A short excerpt of a non-JSON body (an HTML error page), so the user sees who answered. */
function snippet(body: unknown): string | undefined {
	if (typeof body !== 'string' || body.trim() === '') return undefined;
	const text = body
		.replace(/<[^>]*>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return `Body: "${text.slice(0, 200)}"`;
}

/** A copy of an answer body with every secret replaced, at any depth. */
function redact(value: unknown, secrets: string[]): unknown {
	if (secrets.length === 0) return value;
	if (typeof value === 'string') {
		return secrets.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
	}
	if (Array.isArray(value)) return value.map((entry) => redact(entry, secrets));
	if (isObject(value)) {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [
				redact(key, secrets) as string,
				redact(entry, secrets),
			]),
		);
	}
	return value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
