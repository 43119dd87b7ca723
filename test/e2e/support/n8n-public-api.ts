/**
 * n8n's own public API for the Explain Trigger e2e test (test/e2e/diagnostics.e2e.ts), set up as a user
 * does in Settings → n8n API: an API key of the signed-in owner (POST /rest/api-keys: a label, the
 * scopes, no expiry, as both lines' controller takes it; the raw key is in the answer once), and an
 * `n8nApi` credential (n8n's own type: API Key + Base URL) created through the REST API as the
 * editor creates one.
 */
const n8n = require('../../../scripts/n8n/n8n-app');

type Json = Record<string, any>;

/** What Explain Trigger reads: one workflow, and the list for its "From list" picker. */
const SCOPES = ['workflow:read', 'workflow:list'];

export async function createApiKey(server: Json, cookie: string): Promise<string> {
	const r = await n8n.request(server, 'POST', '/rest/api-keys', {
		cookie,
		body: { label: 'Explain Trigger e2e', scopes: SCOPES, expiresAt: null },
	});
	const key = r.body?.data?.rawApiKey as string | undefined;
	if (r.status !== 200 || !key)
		throw new Error(
			`POST /rest/api-keys: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`,
		);
	return key;
}

/** Creates the `n8nApi` credential; resolves { id, name } as a node's `credentials` entry names it. */
export async function createN8nApiCredential(
	server: Json,
	cookie: string,
	apiKey: string,
): Promise<{ id: string; name: string }> {
	const name = 'n8n API (this instance)';
	const r = await n8n.request(server, 'POST', '/rest/credentials', {
		cookie,
		body: { name, type: 'n8nApi', data: { apiKey, baseUrl: `${server.url}/api/v1` } },
	});
	const id = r.body?.data?.id as string | undefined;
	if (r.status !== 200 || !id)
		throw new Error(
			`POST /rest/credentials: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`,
		);
	return { id, name };
}

/** GET {n8n}/api/v1/workflows/{id} with the key, as Explain Trigger reads it. */
export async function publicWorkflow(server: Json, apiKey: string, id: string): Promise<Json> {
	const r = await fetch(`${server.url}/api/v1/workflows/${id}`, {
		headers: { 'X-N8N-API-KEY': apiKey, accept: 'application/json' },
	});
	if (r.status !== 200) throw new Error(`GET /api/v1/workflows/${id}: HTTP ${r.status}`);
	return (await r.json()) as Json;
}

/** POST /rest/workflows (as the editor saves a new workflow); resolves its id. */
export async function createWorkflow(
	server: Json,
	cookie: string,
	workflow: Json,
): Promise<string> {
	const r = await n8n.request(server, 'POST', '/rest/workflows', {
		cookie,
		body: { active: false, settings: { executionOrder: 'v1' }, ...workflow },
	});
	const id = r.body?.data?.id as string | undefined;
	if (r.status !== 200 || !id)
		throw new Error(
			`POST /rest/workflows: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`,
		);
	return id;
}
