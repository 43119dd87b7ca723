import type {
	ICredentialsDecrypted,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { AGENCY_API, PROJECT_API } from '../../../credentials/names';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const AGENCY_CREDENTIAL = AGENCY_API.name;
export const PROJECT_CREDENTIAL = PROJECT_API.name;

/** Which credential signs a request, and the decrypted project credential when the agency key stands in for it. */
export interface ResolvedCredential {
	type: string;
	displayName: string;
	baseUrl: string;
	credentialsDecrypted?: ICredentialsDecrypted;
	/** Set when the agency key stands in: the project whose key was read. */
	projectId?: string;
}

export type FetchProjectKey = (projectId: string) => Promise<string>;

/**
 * Project keys read with the agency key (memory only, never output). An execution keeps them for its
 * lifetime (the context object), so 1,000 items acting on one project read its key once. The polls of an
 * active trigger are separate executions: their keys are kept per workflow and trigger node, so an idle
 * poll stays one request; a 401 forgets the key (see `forgetProjectKey`) and the next poll reads it anew.
 */
const executionProjectKeys = new WeakMap<object, Map<string, Promise<string>>>();
const pollProjectKeys = new Map<string, Map<string, Promise<string>>>();

function projectKeysOf(ctx: ApiContext): Map<string, Promise<string>> {
	const isPoll = '__emit' in ctx;
	const scope = isPoll ? `${ctx.getWorkflow().id ?? 'unsaved'}:${ctx.getNode().name}` : undefined;
	let keys = scope ? pollProjectKeys.get(scope) : executionProjectKeys.get(ctx);
	if (!keys) {
		keys = new Map();
		if (scope) pollProjectKeys.set(scope, keys);
		else executionProjectKeys.set(ctx, keys);
	}
	return keys;
}

/** The key was refused (rotated, project deleted): read it again next time. */
export function forgetProjectKey(ctx: ApiContext, projectId: string): void {
	projectKeysOf(ctx).delete(projectId);
}

/**
 * Per execution (the context object): the authentication choice (a fixed parameter, `noDataExpression`)
 * and the base URL of each credential. Measured: reading them for every request cost about 0.3 ms of
 * parameter and credential resolution each time; n8n's authenticated request helper still reads the
 * credential (its key) for every request itself.
 */
const executionCache = new WeakMap<object, { authentication?: string; baseUrls: Map<string, string> }>();

function cacheOf(ctx: ApiContext) {
	let cache = executionCache.get(ctx);
	if (!cache) {
		cache = { baseUrls: new Map() };
		executionCache.set(ctx, cache);
	}
	return cache;
}

async function baseUrlOf(ctx: ApiContext, type: string, itemIndex: number): Promise<string> {
	const cache = cacheOf(ctx);
	let baseUrl = cache.baseUrls.get(type);
	if (baseUrl === undefined) {
		const credentials = await ctx.getCredentials(type, itemIndex);
		baseUrl = normalizeBaseUrl(credentials.baseUrl);
		cache.baseUrls.set(type, baseUrl);
	}
	return baseUrl;
}

export async function resolveCredential(
	ctx: ApiContext,
	area: 'agency' | 'project',
	itemIndex: number,
	fetchProjectKey: FetchProjectKey,
): Promise<ResolvedCredential> {
	if (area === 'project' && authenticationOf(ctx, itemIndex) === 'projectKey') {
		return {
			type: PROJECT_CREDENTIAL,
			displayName: PROJECT_API.displayName,
			baseUrl: await baseUrlOf(ctx, PROJECT_CREDENTIAL, itemIndex),
		};
	}
	const baseUrl = await baseUrlOf(ctx, AGENCY_CREDENTIAL, itemIndex);
	if (area === 'agency') {
		return { type: AGENCY_CREDENTIAL, displayName: AGENCY_API.displayName, baseUrl };
	}

	const projectId = projectIdOf(ctx, itemIndex);
	const keys = projectKeysOf(ctx);
	let key = keys.get(projectId);
	if (!key) {
		key = fetchProjectKey(projectId);
		keys.set(projectId, key);
		// A failed read is not cached: the next item may succeed after a transient fault.
		key.catch(() => keys.delete(projectId));
	}
	return {
		type: PROJECT_CREDENTIAL,
		displayName: AGENCY_API.displayName,
		baseUrl,
		projectId,
		credentialsDecrypted: {
			id: `agency-project-${projectId}`,
			name: `Project ${projectId} (through the agency key)`,
			type: PROJECT_CREDENTIAL,
			data: { baseUrl, apiKey: await key },
		},
	};
}

function authenticationOf(ctx: ApiContext, itemIndex: number): string {
	const cache = cacheOf(ctx);
	cache.authentication ??= String(parameter(ctx, 'authentication', itemIndex, 'projectKey'));
	return cache.authentication;
}

function projectIdOf(ctx: ApiContext, itemIndex: number): string {
	const value = parameter(ctx, 'projectId', itemIndex, '');
	const id = String(value ?? '').trim();
	if (!/^[1-9]\d*$/.test(id)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid Project in item ${itemIndex}: expected a project ID (a positive whole number), got "${id}"`,
			{
				itemIndex,
				description: 'With "Agency Key" authentication, choose the project the node acts on.',
			},
		);
	}
	return id;
}

/** Reads a parameter the same way in an execution, a poll and a list search in the editor. */
export function parameter(ctx: ApiContext, name: string, itemIndex: number, fallback: unknown): unknown {
	const options = { extractValue: true };
	if ('getCurrentNodeParameter' in ctx) {
		return ctx.getCurrentNodeParameter(name, options) ?? fallback;
	}
	if ('getInputData' in ctx) {
		return ctx.getNodeParameter(name, itemIndex, fallback, options);
	}
	return (ctx as IPollFunctions).getNodeParameter(name, fallback, options);
}

export function normalizeBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}
