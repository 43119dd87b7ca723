import type {
	ICredentialsDecrypted,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { AGENCY_API, PROJECT_API } from '../../../credentials/names';
import type { Execution } from './execution';
import { newExecution } from './execution';
import { pollContexts, triggerProjectKeys } from './memory';

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

/*
 * Everything one execution keeps (./execution.ts `credentials`): the
 * authentication choice (a fixed parameter, `noDataExpression`), the base URL of each credential, and the
 * project keys read with the agency key (memory only, never output). 1,000 items acting on one project
 * read its key once. Measured: reading the parameter and credential for every request cost about 0.3 ms
 * each time.
 *
 * The polls of an active trigger are separate executions; to keep an idle poll at one request their
 * project keys live on between polls (./memory.ts `triggerProjectKeys`), per workflow and trigger node,
 * bound to the credential id and base URL they were read through: a poll that sees another credential or
 * base URL drops them all. Bounded: at most MAX_POLLING_NODES trigger nodes, MAX_KEYS_PER_NODE keys
 * each; the oldest go first. Never in static data. `projectKeysOf` is the one way to them.
 */
const MAX_POLLING_NODES = 500;
const MAX_KEYS_PER_NODE = 1_000;

/**
 * The trigger says so at the start of its poll: this context's project keys outlive the execution, and
 * its requests share one execution object (the back-off gate of All Projects in parallel).
 */
export function usePollKeyCache(ctx: IPollFunctions): void {
	pollContexts.set(ctx, newExecution());
}

/** What a request without an execution shares: its poll's, else nothing (a fresh one). */
export function executionFor(ctx: ApiContext): Execution {
	return pollContexts.get(ctx) ?? newExecution();
}

/** The key map a request of this context reads and fills, bound to the credential and base URL. */
function projectKeysOf(
	ctx: ApiContext,
	execution: Execution,
	credentialBinding: string,
): Map<string, Promise<string>> {
	if (!pollContexts.has(ctx)) return execution.credentials.projectKeys;
	const slot = `${ctx.getWorkflow().id ?? 'unsaved'}:${ctx.getNode().name}`;
	let entry = triggerProjectKeys.get(slot);
	if (!entry || entry.binding !== credentialBinding) {
		// Another credential or host: nothing read through the old one may be used.
		entry = { binding: credentialBinding, keys: new Map() };
	}
	triggerProjectKeys.delete(slot);
	triggerProjectKeys.set(slot, entry);
	if (triggerProjectKeys.size > MAX_POLLING_NODES)
		triggerProjectKeys.delete(triggerProjectKeys.keys().next().value as string);
	return entry.keys;
}

function bindingOf(ctx: ApiContext, baseUrl: string): string {
	return `${ctx.getNode().credentials?.[AGENCY_CREDENTIAL]?.id ?? ''}|${baseUrl}`;
}

/** The key was refused (rotated, project deleted): read it again next time. */
export function forgetProjectKey(ctx: ApiContext, execution: Execution, projectId: string): void {
	const baseUrl = execution.credentials.baseUrls.get(AGENCY_CREDENTIAL);
	if (baseUrl === undefined) return;
	projectKeysOf(ctx, execution, bindingOf(ctx, baseUrl)).delete(projectId);
}

async function baseUrlOf(
	ctx: ApiContext,
	execution: Execution,
	type: string,
	itemIndex: number,
): Promise<string> {
	const state = execution.credentials;
	let baseUrl = state.baseUrls.get(type);
	if (baseUrl === undefined) {
		const credentials = await ctx.getCredentials(type, itemIndex);
		baseUrl = normalizeBaseUrl(credentials.baseUrl);
		state.baseUrls.set(type, baseUrl);
	}
	return baseUrl;
}

/**
 * What a request says about its credential: `authentication` ('projectKey' | 'agencyKey') and, with the
 * agency key, the `project` it acts on. Left out, both are read from the node's parameters of the item.
 */
export interface CredentialChoice {
	authentication?: string;
	project?: string;
}

export async function resolveCredential(
	ctx: ApiContext,
	execution: Execution,
	area: 'agency' | 'project',
	itemIndex: number,
	fetchProjectKey: FetchProjectKey,
	choice: CredentialChoice = {},
): Promise<ResolvedCredential> {
	if (
		area === 'project' &&
		(choice.authentication ?? authenticationOf(ctx, execution, itemIndex)) === 'projectKey'
	) {
		return {
			type: PROJECT_CREDENTIAL,
			displayName: PROJECT_API.displayName,
			baseUrl: await baseUrlOf(ctx, execution, PROJECT_CREDENTIAL, itemIndex),
		};
	}
	const baseUrl = await baseUrlOf(ctx, execution, AGENCY_CREDENTIAL, itemIndex);
	if (area === 'agency') {
		return { type: AGENCY_CREDENTIAL, displayName: AGENCY_API.displayName, baseUrl };
	}

	const projectId = projectIdOf(ctx, itemIndex, choice.project);
	const keys = projectKeysOf(ctx, execution, bindingOf(ctx, baseUrl));
	let key = keys.get(projectId);
	if (!key) {
		key = fetchProjectKey(projectId);
		keys.set(projectId, key);
		if (keys.size > MAX_KEYS_PER_NODE) keys.delete(keys.keys().next().value as string);
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

function authenticationOf(ctx: ApiContext, execution: Execution, itemIndex: number): string {
	const state = execution.credentials;
	state.authentication ??= String(parameter(ctx, 'authentication', itemIndex, 'projectKey'));
	return state.authentication;
}

function projectIdOf(ctx: ApiContext, itemIndex: number, project?: string): string {
	const value = project ?? parameter(ctx, 'projectId', itemIndex, '');
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
export function parameter(
	ctx: ApiContext,
	name: string,
	itemIndex: number,
	fallback: unknown,
): unknown {
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
