/**
 * A scripted HTTP server on 127.0.0.1 for the hostile cases the simulator does not model: answers are
 * whatever the test says (redirects, wrong shapes, endless paging), and every request is recorded with
 * its headers, so a test can prove what reached it (a key, or nothing at all).
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
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
	/** Instead of `body`: the headers at once, then one byte every `everyMs`, `bytes` in all (a slow link). */
	trickle?: { everyMs: number; bytes: number };
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
			const { status = 200, headers = {}, body = '', trickle } = answer(request);
			const raw = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
			const type =
				typeof body === 'string' || Buffer.isBuffer(body) ? 'text/plain' : 'application/json';
			res.writeHead(status, { 'Content-Type': type, ...headers });
			if (trickle) trickleBody(res, trickle);
			else res.end(raw);
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

/** Headers are out; the body comes a byte at a time until done or the client goes away. */
function trickleBody(res: ServerResponse, { everyMs, bytes }: { everyMs: number; bytes: number }) {
	res.flushHeaders();
	let sent = 0;
	const timer = setInterval(() => {
		res.write(Buffer.from([sent % 256]));
		if (++sent >= bytes) {
			clearInterval(timer);
			res.end();
		}
	}, everyMs);
	res.on('close', () => clearInterval(timer));
}

/** The service's envelope around `data`. */
export const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({
	success: true,
	code: 200,
	data,
	...extra,
});
