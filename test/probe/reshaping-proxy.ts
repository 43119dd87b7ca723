/**
 * A service that answers as the simulator does but for one choice the simulator cannot make: a proxy on
 * 127.0.0.1 in front of it that may rewrite a request's query, answer a request itself, or reshape a
 * JSON answer. The probe's false-alarm cases use it for services seen in the field (a status filter whose
 * values mean other things, a review list that ignores sort_key).
 */
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';

export interface Reshaping {
	/** Change the query (in place) before the simulator sees it. */
	query?: (path: string, query: URLSearchParams) => void;
	/** Answer the request here instead (status and JSON body), or undefined to pass it on. */
	answer?: (path: string, query: URLSearchParams) => { status: number; body: unknown } | undefined;
	/** Change a JSON answer (in place) before the client sees it. */
	body?: (path: string, query: URLSearchParams, body: unknown) => void;
}

export interface ReshapingProxy {
	baseUrl: string;
	stop(): Promise<void>;
}

export async function startReshapingProxy(
	targetBaseUrl: string,
	reshaping: Reshaping,
): Promise<ReshapingProxy> {
	const server: Server = createServer((req, res) => void forward(req, res));
	async function forward(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', targetBaseUrl);
		reshaping.query?.(url.pathname, url.searchParams);
		const own = reshaping.answer?.(url.pathname, url.searchParams);
		if (own) return send(res, own.status, JSON.stringify(own.body));
		const headers: Record<string, string> = {};
		for (const name of ['authorization', 'accept', 'content-type'])
			if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string;
		const answer = await fetch(url, { method: req.method, headers });
		let text = await answer.text();
		if (reshaping.body) {
			try {
				const body: unknown = JSON.parse(text);
				reshaping.body(url.pathname, url.searchParams, body);
				text = JSON.stringify(body);
			} catch {
				// Not JSON: passed on as it is.
			}
		}
		send(res, answer.status, text);
	}
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections?.();
				server.close(() => resolve());
			}),
	};
}

function send(res: ServerResponse, status: number, text: string) {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(text);
}
