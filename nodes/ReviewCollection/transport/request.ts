import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { AGENCY_API } from '../../../credentials/names';
import type { ApiContext, ResolvedCredential } from './credentials';
import { newExecution } from './execution';
import { AGENCY_CREDENTIAL, forgetProjectKey, parameter, resolveCredential } from './credentials';
import type { Execution } from './execution';
import { apiError, isObject, redirectError, unexpectedAnswerError } from './errors';
import type { RequestSettings } from './send';
import { DEFAULT_SETTINGS, headerOf, send } from './send';

export interface Pagination {
	current_page: number;
	last_page: number;
	per_page: number;
	total: number;
	[key: string]: unknown;
}

/** The service's envelope: `{ success, code, data?, pagination? }`. */
export interface ApiEnvelope {
	success: true;
	code?: number;
	data?: unknown;
	pagination?: Pagination;
}

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, starting with /agency or /project. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	itemIndex?: number;
	settings?: Partial<RequestSettings>;
	/** The answer holds a key (a key read or rotation): an error shows nothing of it. */
	secretAnswer?: boolean;
	/** 'projectKey' | 'agencyKey'; default: the node's `authentication` parameter. */
	authentication?: string;
	/** With the agency key: the project the request acts on; default: the node's `projectId` parameter. */
	project?: string;
	/** Epoch ms (Date.now() clock): no attempt is sent, and no wait or answer awaited, past it. */
	deadline?: number;
	/** What the execution keeps between requests (./execution.ts); without it, a fresh one. */
	execution?: Execution;
	/**
	 * Checks a success answer before it is used (a Get Many's filters and order, helpers/answer-checks.ts);
	 * throws to fail the request. Return All passes it on to every page it reads.
	 */
	checkAnswer?: (envelope: ApiEnvelope) => void;
}

/** Sends one request through n8n's authenticated HTTP helper and returns the unwrapped envelope. */
export async function apiRequest(ctx: ApiContext, request: ApiRequest): Promise<ApiEnvelope> {
	const itemIndex = request.itemIndex ?? 0;
	const execution = request.execution ?? newExecution();
	const settings = { ...settingsOf(ctx, itemIndex, execution), ...request.settings };
	const area = request.path.startsWith('/agency') ? 'agency' : 'project';
	const credential = await resolveCredential(
		ctx,
		execution,
		area,
		itemIndex,
		async (projectId) =>
			await readProjectKey(ctx, projectId, itemIndex, settings, {
				deadline: request.deadline,
				execution,
			}),
		{ authentication: request.authentication, project: request.project },
	);
	const response = await send(ctx, credential, request, settings, execution);
	if (response.statusCode === 401 && credential.projectId)
		forgetProjectKey(ctx, execution, credential.projectId);
	if (response.statusCode >= 300 && response.statusCode < 400) {
		throw redirectError(ctx.getNode(), {
			status: response.statusCode,
			location: headerOf(response, 'location'),
			from: credential.baseUrl + request.path,
			credentialName: credential.displayName,
			itemIndex: request.itemIndex,
		});
	}
	if (response.statusCode >= 200 && response.statusCode < 300) {
		const body = response.body;
		if (isObject(body) && body.success === true) {
			Object.defineProperty(body, ANSWERED, {
				value: { request: `${request.method} ${request.path}`, status: response.statusCode },
			});
			request.checkAnswer?.(body as unknown as ApiEnvelope);
			return body as unknown as ApiEnvelope;
		}
	}
	const secrets = await secretsOf(ctx, credential, itemIndex);
	const body = request.secretAnswer ? withoutSecret(response.body, secrets) : response.body;
	throw apiError(ctx.getNode(), {
		status: response.statusCode,
		body,
		credentialName: credential.displayName,
		itemIndex: request.itemIndex,
		secrets,
		stop: response.stop,
		note:
			request.secretAnswer && !isObject(response.body)
				? 'The answer is not shown: the answer to a key read may contain the key.'
				: undefined,
	});
}

/**
 * What of a failed key read may be shown: not a body that is not JSON (it may be the bare key), and no
 * `data`; a key the answer carries is added to the secrets blanked out of its message and errors.
 */
function withoutSecret(body: unknown, secrets: string[]): unknown {
	if (!isObject(body)) return '';
	const { data, ...rest } = body;
	if (typeof data === 'string' && data !== '') secrets.push(data);
	return rest;
}

/**
 * A request whose answer's `data` is a project's secret key (read, rotate). Anything else is an error
 * that shows none of the answer: never a key in an error, never `{ key: {} }` as output.
 */
export async function apiRequestForKey(
	ctx: ApiContext,
	request: Omit<ApiRequest, 'secretAnswer'>,
): Promise<string> {
	const envelope = await apiRequest(ctx, { ...request, secretAnswer: true });
	if (typeof envelope.data === 'string' && envelope.data.trim() !== '') return envelope.data;
	const message = `The service's answer to ${request.method} ${request.path} has no key (a text in "data" was expected)`;
	throw new NodeApiError(
		ctx.getNode(),
		{ message },
		{
			message,
			description: `Nothing of the answer is shown, as it may contain a key. Check that the Base URL of the "${AGENCY_API.displayName}" credential is the Review Collection service.`,
			itemIndex: request.itemIndex,
		},
	);
}

/**
 * Which request an envelope answered, for errors about its shape found later (`answerError`): kept on
 * the envelope itself (not enumerable, so never output or serialised).
 */
const ANSWERED = Symbol('answered request');

/** An error about an answer the node cannot use, naming the request it answered and its HTTP code. */
export function answerError(
	ctx: ApiContext,
	envelope: ApiEnvelope,
	problem: string,
	itemIndex?: number,
) {
	const answered = (envelope as unknown as Record<symbol, { request: string; status: number }>)[
		ANSWERED
	];
	const { request, status } = answered ?? { request: 'the request', status: 200 };
	return unexpectedAnswerError(ctx.getNode(), { request, status, problem, itemIndex });
}

/** The keys that signed (or stand behind) a failed request: an answer that repeats one loses it. */
async function secretsOf(
	ctx: ApiContext,
	credential: ResolvedCredential,
	itemIndex: number,
): Promise<string[]> {
	const secrets = [credential.credentialsDecrypted?.data?.apiKey];
	for (const type of new Set([credential.type, AGENCY_CREDENTIAL])) {
		try {
			secrets.push((await ctx.getCredentials(type, itemIndex)).apiKey);
		} catch {
			// That credential is not set on this node.
		}
	}
	return secrets.filter(
		(secret): secret is string => typeof secret === 'string' && secret.length >= 6,
	);
}

/** GET /agency/projects/{id}/key with the agency key: the secret that stands in for a project credential. */
async function readProjectKey(
	ctx: ApiContext,
	projectId: string,
	itemIndex: number,
	settings: RequestSettings,
	shared: Pick<ApiRequest, 'deadline' | 'execution'>,
): Promise<string> {
	return await apiRequestForKey(ctx, {
		method: 'GET',
		path: `/agency/projects/${projectId}/key`,
		itemIndex,
		settings,
		...shared,
	});
}

/**
 * The node's "Request Options" (timeout, retries) for this item, on top of the defaults; the item last
 * asked for is kept on the execution (the pages of one list share them).
 */
export function settingsOf(
	ctx: ApiContext,
	itemIndex: number,
	execution: Execution,
): RequestSettings {
	const last = execution.lastSettings;
	if (last?.itemIndex === itemIndex) return last.settings;
	const settings = readSettings(ctx, itemIndex);
	execution.lastSettings = { itemIndex, settings };
	return settings;
}

function readSettings(ctx: ApiContext, itemIndex: number): RequestSettings {
	const options = (parameter(ctx, 'requestOptions', itemIndex, {}) ?? {}) as {
		timeout?: number;
		maxRetries?: number;
	};
	return {
		...DEFAULT_SETTINGS,
		...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
		...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
	};
}
