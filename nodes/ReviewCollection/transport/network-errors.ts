/** Errors of a request that got no answer at all (timeout, refused or dropped connection), for ./send.ts. */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isObject, notRetried, outOfBudget, stopHint } from './errors';
import type { Stop } from './retry';

/** A request that got no answer at all: timeout, refused or dropped connection. */
export function networkError(
	node: INode,
	error: unknown,
	details: {
		method: string;
		path: string;
		timeoutMs: number;
		/** Known to have run out of time (an abort signal that bounds the attempt fired). */
		timedOut?: boolean;
		itemIndex?: number;
		stop?: Stop;
	},
): NodeApiError {
	const code = errorCode(error);
	const cause = causeOf(error);
	const timedOut = details.timedOut ?? isTimeout(error);
	// n8n rewrites messages that contain a raw code such as ECONNRESET, so the code goes to the description.
	const what = NETWORK_FAILURES[code ?? ''] ?? 'the request failed without an answer';
	let message = timedOut
		? `The service did not answer ${details.method} ${details.path} within ${details.timeoutMs} ms`
		: `Could not reach the service for ${details.method} ${details.path}: ${what}`;
	const stop = details.stop;
	// An attempt cut to the deadline: the time was the request's, not the configured Timeout.
	if (stop) message += stop.cut ? ' (its deadline)' : `. ${notRetried(stop)}`;
	const description = stop
		? stopHint(stop)
		: timedOut
			? 'Raise "Timeout" under Request Options if the service is slow, or check the Base URL of the credential.'
			: `Check the Base URL of the credential and that the service is reachable from n8n (network error ${code ?? cause}).`;
	const failure = new NodeApiError(
		node,
		{ message, networkErrorCode: code ?? null },
		{ message, description, itemIndex: details.itemIndex },
	);
	return stop?.outOfBudget ? outOfBudget(failure) : failure;
}

/** No answer within the attempt's timeout (n8n's helper reports it as axios does). */
export function isTimeout(error: unknown): boolean {
	const code = errorCode(error);
	return code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(causeOf(error));
}

const causeOf = (error: unknown) =>
	isObject(error) && typeof error.message === 'string' ? error.message : String(error);

const NETWORK_FAILURES: Record<string, string> = {
	ECONNREFUSED: 'the connection was refused',
	ECONNRESET: 'the connection was closed before an answer came',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be resolved',
	EPIPE: 'the connection was closed while sending',
};

function errorCode(error: unknown): string | undefined {
	if (!isObject(error)) return undefined;
	if (typeof error.code === 'string') return error.code;
	return isObject(error.cause) && typeof error.cause.code === 'string'
		? error.cause.code
		: undefined;
}
