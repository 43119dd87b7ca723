/**
 * One request on the wire: n8n's HTTP helper (with the credential, or none for a public download), the
 * retry policy (./retry.ts), the execution's back-off gate (./backoff.ts) and a request's deadline.
 */
import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { closeGate, passGate } from './backoff';
import type { Execution } from './execution';
import type { ApiContext, ResolvedCredential } from './credentials';
import { notSentError } from './errors';
import { isTimeout, networkError } from './network-errors';
import type { RetrySettings, Stop } from './retry';
import { attemptTimeout, DEFAULT_RETRY, MIN_ATTEMPT_MS, nextStep } from './retry';

/** Redirects a public download (a CDN link, no key) may follow. */
const MAX_DOWNLOAD_REDIRECTS = 3;

export interface RequestSettings extends RetrySettings {
	timeoutMs: number;
}

export const DEFAULT_SETTINGS: RequestSettings = { ...DEFAULT_RETRY, timeoutMs: 30_000 };

/** What goes on the wire (./request.ts `ApiRequest` is one). */
export interface WireRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL (for errors, and the URL with a credential). */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	/** Epoch ms (Date.now() clock): no attempt is sent, and no wait or answer awaited, past it. */
	deadline?: number;
	/** A full URL (a public download, no credential). */
	url?: string;
	/** The answer as a stream. */
	binary?: boolean;
	abortSignal?: AbortSignal;
}

/** An answer of any status; `stop` when a retry the policy allows did not happen for lack of time. */
export type SentResponse = IN8nHttpFullResponse & { stop?: Stop };

/**
 * One request with the retry policy; answers of every status come back, only "no answer" (or no time
 * to send, with a `deadline`) throws.
 */
export async function send(
	ctx: ApiContext,
	credential: ResolvedCredential | undefined,
	request: WireRequest,
	settings: RequestSettings,
	execution: Execution,
): Promise<SentResponse> {
	const { deadline } = request;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url ?? credential!.baseUrl + request.path,
		qs: request.qs,
		body: request.body,
		json: !request.binary,
		encoding: request.binary ? 'stream' : undefined,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A key goes only to its credential's Base URL: a redirect (to another host, or anywhere) is not
		// followed with it but reported. A public download (no key) may follow a few.
		...(credential ? { disableFollowRedirect: true } : { maxRedirects: MAX_DOWNLOAD_REDIRECTS }),
	};
	const extra = credential?.credentialsDecrypted
		? { credentialsDecrypted: credential.credentialsDecrypted }
		: undefined;
	// A DELETE retried after a 5xx or a lost answer may have been done by the failed attempt.
	let mayBeDone = false;
	for (let retry = 0; ; retry++) {
		// With a deadline, a back-off gate that stays closed past it is not waited for, and each
		// attempt's timeout is what is left (an attempt so cut is not retried: ./retry.ts).
		const open = await passGate(
			execution,
			deadline === undefined ? Infinity : deadline - MIN_ATTEMPT_MS,
		);
		const attempt = attemptTimeout(settings.timeoutMs, deadline);
		if (!open || attempt.timeoutMs <= 0) throw notSentError(ctx.getNode(), request);
		// n8n's `timeout` is a socket idle timer: an answer trickling in keeps it from firing. With a
		// deadline, a signal bounds the whole attempt (a poll's helper passes it to axios; an execution's
		// replaces it with its cancel signal, so there the idle timer is what holds).
		const signal =
			request.abortSignal ??
			(deadline !== undefined ? AbortSignal.timeout(attempt.timeoutMs) : undefined);
		let response: IN8nHttpFullResponse | undefined;
		let failure: unknown;
		try {
			const sent = { ...options, timeout: attempt.timeoutMs, abortSignal: signal };
			response = (await (credential
				? ctx.helpers.httpRequestWithAuthentication.call(ctx, credential.type, sent, extra)
				: ctx.helpers.httpRequest(sent))) as IN8nHttpFullResponse;
		} catch (error) {
			// A missing credential is not a network failure: nothing to retry.
			if (error instanceof NodeOperationError) throw new NodeOperationError(ctx.getNode(), error);
			failure = error;
		}
		const timedOut = isTimeout(failure) || signal?.aborted === true;
		const step = nextStep(
			{
				method: request.method,
				status: response?.statusCode,
				retry,
				retryAfter: headerOf(response, 'retry-after'),
				cutByDeadline: !response && attempt.cut && timedOut,
			},
			settings,
			deadline,
		);
		if (step.retry) {
			// A streamed answer not used is closed (a download's 5xx), not left to hold its socket.
			if (request.binary) (response?.body as { destroy?: () => void } | undefined)?.destroy?.();
			// A rate limit holds back every request of this execution; other failures only this one.
			if (response?.statusCode === 429) closeGate(execution, step.delayMs);
			else await sleep(step.delayMs);
			mayBeDone ||= response?.statusCode !== 429;
			continue;
		}
		if (response && mayBeDone && alreadyDeleted(request, response)) {
			return { ...response, statusCode: 200, body: { success: true, code: 200 } };
		}
		if (response) return step.stop ? { ...response, stop: step.stop } : response;
		throw networkError(ctx.getNode(), failure, {
			method: request.method,
			path: request.path,
			timeoutMs: attempt.timeoutMs,
			timedOut,
			itemIndex: request.itemIndex,
			stop: step.stop,
		});
	}
}

/**
 * A retried DELETE answered 404: the attempt that failed (5xx, lost answer) removed the record, so the
 * delete is done. Not for the key rotation (DELETE …/key), whose 404 means the project is gone.
 */
function alreadyDeleted(request: WireRequest, response: IN8nHttpFullResponse): boolean {
	return (
		request.method === 'DELETE' && response.statusCode === 404 && !request.path.endsWith('/key')
	);
}

export function headerOf(
	response: IN8nHttpFullResponse | undefined,
	name: string,
): string | undefined {
	const value = response?.headers?.[name];
	return Array.isArray(value) ? value[0] : (value as string | undefined);
}
