/**
 * A scripted HTTP server on 127.0.0.1 for the hostile cases the simulator does not model: answers are
 * whatever the test says (redirects, wrong shapes, endless paging), and every request is recorded with
 * its headers, so a test can prove what reached it (a key, or nothing at all).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileRequest {
	method: string;
	/** Path without the query. */
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
}

export interface HostileAnswer {
	status?: number;
	headers?: Record<string, string>;
	/** An object is sent as JSON; a string or Buffer as is. */
	body?: unknown;
}

export interface HostileServer {
	url: string;
	requests: HostileRequest[];
	close(): Promise<void>;
}

export async function startHostileServer(
	answer: (request: HostileRequest) => HostileAnswer,
): Promise<HostileServer> {
	const requests: HostileRequest[] = [];
	const server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		const request = {
			method: req.method ?? '',
			path: url.pathname,
			query: url.searchParams,
			headers: req.headers,
		};
		requests.push(request);
		req.resume();
		req.on('end', () => {
			const { status = 200, headers = {}, body = '' } = answer(request);
			const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
			const type =
				typeof body === 'string' || Buffer.isBuffer(body) ? 'text/plain' : 'application/json';
			res.writeHead(status, { 'Content-Type': type, ...headers });
			res.end(raw);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** The service's envelope around `data`. */
export const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({
	success: true,
	code: 200,
	data,
	...extra,
});
