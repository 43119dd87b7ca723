/**
 * n8n's own public API, for Explain Trigger (contract §11): read-only, with n8n's own credential type
 * `n8nApi` (its Base URL is the API's, e.g. https://example.app.n8n.cloud/api/v1; a bare n8n address
 * gets /api/v1). The key is sent by n8n's credential (header X-N8N-API-KEY) and never shown.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export const N8N_API = 'n8nApi';

type Context = IExecuteFunctions | ILoadOptionsFunctions;

/** The API's root: the credential's Base URL, with /api/v1 when it names only the n8n address. */
export function apiRoot(baseUrl: unknown): string {
	const root = String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	return /\/api\/v\d+$/.test(root) ? root : `${root}/api/v1`;
}

async function n8nRequest(
	ctx: Context,
	path: string,
	qs: IDataObject = {},
	itemIndex?: number,
): Promise<IDataObject> {
	const { baseUrl } = await ctx.getCredentials(N8N_API);
	const options: IHttpRequestOptions = {
		method: 'GET',
		url: `${apiRoot(baseUrl)}${path}`,
		qs,
		json: true,
	};
	try {
		return (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			N8N_API,
			options,
		)) as IDataObject;
	} catch (error) {
		throw n8nError(ctx, error, path, itemIndex);
	}
}

/** A clear error from n8n's answer (its status and message only: never the request or its headers). */
function n8nError(ctx: Context, error: unknown, path: string, itemIndex?: number): NodeApiError {
	const { response, httpCode, status, message } = error as IDataObject & {
		response?: { status?: number; data?: IDataObject };
	};
	const code = Number(response?.status ?? httpCode ?? status) || undefined;
	const said = typeof response?.data?.message === 'string' ? response.data.message : undefined;
	const reason =
		code === 401 || code === 403
			? 'n8n refused the API key: check the n8n API credential (Settings → n8n API creates a key)'
			: code === 404
				? `n8n has no ${path.startsWith('/workflows/') ? 'workflow with this ID' : 'such API'}: check the Workflow and the credential's Base URL (it ends in /api/v1)`
				: `n8n's API did not answer ${path}: ${said ?? String(message ?? 'no answer')}`;
	return new NodeApiError(
		ctx.getNode(),
		{ message: reason, ...(code ? { httpCode: String(code) } : {}) } as JsonObject,
		{
			message: reason,
			...(code ? { httpCode: String(code) } : {}),
			...(itemIndex !== undefined ? { itemIndex } : {}),
		},
	);
}

/** GET /workflows/{id}: the workflow with its nodes and static data. */
export async function getWorkflow(
	ctx: IExecuteFunctions,
	id: string,
	itemIndex: number,
): Promise<IDataObject> {
	return await n8nRequest(ctx, `/workflows/${encodeURIComponent(id)}`, {}, itemIndex);
}

/** "From list": n8n's workflows (its `name` filter, and by name here for an n8n that ignores it). */
export async function searchWorkflows(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = { limit: 100 };
	if (paginationToken) qs.cursor = paginationToken;
	if (filter) qs.name = filter;
	const answer = await n8nRequest(this, '/workflows', qs);
	const needle = filter?.toLowerCase();
	const results = (Array.isArray(answer.data) ? (answer.data as IDataObject[]) : [])
		.map((workflow) => ({
			name: String(workflow.name ?? workflow.id),
			value: String(workflow.id),
		}))
		.filter((item) => !needle || item.name.toLowerCase().includes(needle) || item.value === filter);
	const next = typeof answer.nextCursor === 'string' ? answer.nextCursor : undefined;
	return { results, paginationToken: next };
}
