/**
 * A stand-in for n8n's public API (read in n8n-io/n8n: packages/cli/src/public-api/v1, handlers
 * `workflows`; schema `workflow.yml`): GET /api/v1/workflows/{id} returns the workflow with its nodes and
 * `staticData`, GET /api/v1/workflows lists them ({ data, nextCursor }); both need the header
 * X-N8N-API-KEY, else 401. Served on 127.0.0.1 for Explain Trigger's engine tests.
 */
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

export interface FakeN8nApi {
	/** The API root, as n8n's own credential takes it (…/api/v1). */
	readonly apiUrl: string;
	readonly apiKey: string;
	/** Workflows by id, as the database holds them (static data as saved). */
	readonly workflows: Map<string, IDataObject>;
	readonly requests: Array<{ path: string; key?: string }>;
	stop(): Promise<void>;
}

export async function startFakeN8nApi(apiKey = 'n8n-api-key-for-tests'): Promise<FakeN8nApi> {
	const workflows = new Map<string, IDataObject>();
	const requests: FakeN8nApi['requests'] = [];
	const server: Server = createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		const key = request.headers['x-n8n-api-key'];
		requests.push({ path: url.pathname, key: typeof key === 'string' ? key : undefined });
		const send = (status: number, body: unknown) => {
			response.writeHead(status, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify(body));
		};
		if (key !== apiKey) return send(401, { message: 'unauthorized' });
		const one = /^\/api\/v1\/workflows\/([^/]+)$/.exec(url.pathname);
		if (request.method === 'GET' && one) {
			const workflow = workflows.get(decodeURIComponent(one[1]));
			return workflow ? send(200, workflow) : send(404, { message: 'Not Found' });
		}
		if (request.method === 'GET' && url.pathname === '/api/v1/workflows') {
			const name = url.searchParams.get('name');
			const data = [...workflows.values()].filter(
				(workflow) => !name || String(workflow.name).includes(name),
			);
			return send(200, { data, nextCursor: null });
		}
		send(404, { message: 'Not Found' });
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		apiUrl: `http://127.0.0.1:${port}/api/v1`,
		apiKey,
		workflows,
		requests,
		stop: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
