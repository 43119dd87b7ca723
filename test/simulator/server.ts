/** HTTP layer: parsing, request log, faults, routing, auth, envelope. */
import { IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import { agencyRoutes } from './agency';
import { chargeMessageRoutes } from './charges-messages';
import { customerSubresourceRoutes } from './customer-subresources';
import { customerRoutes } from './customers';
import { reviewRoutes } from './reviews';
import { CompiledRoute, Ctx, JsonResult, RawResult, compile } from './router';
import { miscRoutes } from './sources-templates-asks';
import { SimProject, SimState, findProjectByKey } from './state';
import { Fault, FaultRule, LoggedRequest } from './types';
import { Query } from './query';
import { Dialect, GUESSES } from './dialect';
import { HttpError, isSamplePhoto } from './validation';

const ROUTES: CompiledRoute[] = [
	...agencyRoutes,
	...reviewRoutes,
	...customerRoutes,
	...customerSubresourceRoutes,
	...chargeMessageRoutes,
	...miscRoutes,
].map(compile);

/** A 1x1 PNG. */
export const PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
	'base64',
);

export interface ServerHooks {
	state: () => SimState;
	log: (entry: LoggedRequest) => void;
	takeFault: (method: string, path: string, query: Query) => FaultRule | undefined;
	/** Test control: runs just before a request is answered (e.g. to change a list between page reads). */
	beforeAnswer: (entry: LoggedRequest) => void;
}

interface Answer {
	status: number;
	headers: Record<string, string>;
	body: string | Buffer;
}

const DEFAULT_MESSAGES: Record<number, string> = {
	400: 'Bad Request.',
	401: 'Unauthenticated.',
	403: 'This action is unauthorized.',
	404: 'Not Found.',
	405: 'Method Not Allowed.',
	422: 'The given data was invalid.',
	429: 'Too Many Attempts.',
	500: 'Server Error.',
	502: 'Bad Gateway.',
	503: 'Service Unavailable.',
	504: 'Gateway Timeout.',
};

function json(status: number, payload: unknown, extra: Record<string, string> = {}): Answer {
	return {
		status,
		headers: { 'content-type': 'application/json', ...extra },
		body: JSON.stringify(payload),
	};
}

/** "Shape of error responses: not shown", nor the status of a validation failure: the dialect's. */
function errorAnswer(
	status: number,
	message: string,
	errors?: Record<string, string[]>,
	headers?: Record<string, string>,
	dialect: Dialect = GUESSES,
): Answer {
	const answered = status === 422 ? dialect.validationStatus : status;
	const payload: Record<string, unknown> =
		dialect.errorBody === 'envelope' ? { success: false, code: answered, message } : { message };
	if (errors) payload.errors = errors;
	return json(answered, payload, headers);
}

export function parseQuery(params: URLSearchParams): Query {
	const out: Query = {};
	for (const [rawKey, value] of params) {
		const isArray = rawKey.endsWith('[]');
		const key = isArray ? rawKey.slice(0, -2) : rawKey;
		const prev = out[key];
		if (prev === undefined) out[key] = isArray ? [value] : value;
		else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
	}
	return out;
}

function faultAnswer(fault: Fault): Answer | 'drop' {
	switch (fault.kind) {
		case 'status': {
			const headers: Record<string, string> = {};
			if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
			if (fault.body !== undefined) {
				const body = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
				return {
					status: fault.status,
					headers: { 'content-type': 'application/json', ...headers },
					body,
				};
			}
			return errorAnswer(
				fault.status,
				DEFAULT_MESSAGES[fault.status] ?? `${STATUS_CODES[fault.status] ?? 'Error'}.`,
				undefined,
				headers,
			);
		}
		case 'malformed':
			return {
				status: 200,
				headers: { 'content-type': 'application/json' },
				body: '{"success": true, "data": [{"id": 1,',
			};
		case 'html': {
			const text = `${fault.status} ${STATUS_CODES[fault.status] ?? 'Error'}`;
			return {
				status: fault.status,
				headers: { 'content-type': 'text/html; charset=utf-8' },
				body: `<html><head><title>${text}</title></head><body><center><h1>${text}</h1></center><hr><center>nginx</center></body></html>`,
			};
		}
		case 'successFalse':
			return json(200, {
				success: false,
				code: fault.code ?? 500,
				message: fault.message ?? 'Something went wrong.',
			});
		case 'drop':
			return 'drop';
		case 'hang':
			return 'drop';
	}
}

function authenticate(
	state: SimState,
	route: CompiledRoute,
	authorization: string | undefined,
): SimProject | undefined {
	const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
	const key = m?.[1];
	if (route.area === 'agency') {
		if (!key || key !== state.agencyKey) throw new HttpError(401, 'Unauthenticated.');
		return undefined;
	}
	const project = key ? findProjectByKey(state, key) : undefined;
	if (!project) throw new HttpError(401, 'Unauthenticated.');
	if (project.is_suspended) throw new HttpError(403, 'This project is suspended.');
	return project;
}

function dispatch(
	state: SimState,
	method: string,
	path: string,
	query: Query,
	body: unknown,
	malformed: boolean,
	authorization: string | undefined,
): Answer {
	const image = /^\/images\/([0-9a-f-]+)\.png$/i.exec(path);
	if (image && (method === 'GET' || method === 'HEAD')) {
		if (!state.images.has(image[1])) return errorAnswer(404, 'Image not found.');
		return { status: 200, headers: { 'content-type': 'image/png' }, body: PNG };
	}
	// Photos to download (ApiSimulator.photoUrl): a sample not named as a picture answers text.
	if (/^\/samples\/[^/]+$/.test(path) && (method === 'GET' || method === 'HEAD')) {
		const picture = isSamplePhoto(path);
		const type = picture ? 'image/png' : 'text/plain';
		return {
			status: 200,
			headers: { 'content-type': type },
			body: picture ? PNG : Buffer.from('text'),
		};
	}
	const matching = ROUTES.map((r) => ({ r, m: r.regex.exec(path) })).filter((x) => x.m !== null);
	if (matching.length === 0) return errorAnswer(404, 'Route not found.');
	const hit = matching.find((x) => x.r.method === method);
	if (!hit) {
		const allowed = [...new Set(matching.map((x) => x.r.method))].join(', ');
		return errorAnswer(
			405,
			`The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${allowed}.`,
			undefined,
			{ allow: allowed },
		);
	}
	const { r: route, m } = hit;
	try {
		const project = authenticate(state, route, authorization);
		if (malformed && (method === 'POST' || method === 'PUT'))
			throw new HttpError(400, 'Malformed JSON body.');
		const params: Record<string, string> = {};
		route.names.forEach((n, i) => (params[n] = decodeURIComponent(m![i + 1])));
		const ctx: Ctx = { state, method, path, query, body, params, project: project as SimProject };
		const result: JsonResult | RawResult = route.handler(ctx);
		if ('raw' in result)
			return { status: 200, headers: { 'content-type': result.contentType }, body: result.raw };
		const payload: Record<string, unknown> = { success: true, code: 200 };
		if (result.data !== undefined) payload.data = result.data;
		if (result.pagination) payload.pagination = result.pagination;
		return json(200, payload);
	} catch (e) {
		if (e instanceof HttpError)
			return errorAnswer(e.status, e.message, e.errors, e.headers, state.dialect);
		console.error('[simulator] handler error', e);
		return errorAnswer(500, 'Server Error.');
	}
}

function send(res: ServerResponse, answer: Answer): void {
	const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
	res.writeHead(answer.status, { ...answer.headers, 'content-length': String(body.length) });
	res.end(body);
}

/** Real time in ms, unaffected by a test that fakes Date. */
export const wallClock = () => performance.timeOrigin + performance.now();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function handleRequest(hooks: ServerHooks, req: IncomingMessage, res: ServerResponse): void {
	const chunks: Buffer[] = [];
	req.on('data', (c: Buffer) => chunks.push(c));
	req.on('end', () => {
		void respond(hooks, req, res, Buffer.concat(chunks).toString('utf8'));
	});
	req.on('error', () => req.socket.destroy());
}

async function respond(
	hooks: ServerHooks,
	req: IncomingMessage,
	res: ServerResponse,
	raw: string,
): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	const url = new URL(req.url ?? '/', 'http://127.0.0.1');
	const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
	const query = parseQuery(url.searchParams);
	const headers: Record<string, string> = {};
	for (const [k, v] of Object.entries(req.headers))
		if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
	let body: unknown = undefined;
	let malformed = false;
	if (raw.trim() !== '') {
		try {
			body = JSON.parse(raw);
		} catch {
			body = raw;
			malformed = true;
		}
	}
	const entry: LoggedRequest = { method, path: url.pathname, query, body, headers, status: 0 };
	entry.receivedAt = wallClock();
	res.once('finish', () => (entry.answeredAt = wallClock()));
	if (headers.authorization !== undefined) entry.authorization = headers.authorization;
	hooks.log(entry);

	const rule = hooks.takeFault(method, path, query);
	if (rule) entry.fault = rule.fault.kind;
	if (rule && rule.fault.kind === 'hang') await sleep(rule.fault.ms);
	if (res.destroyed || req.socket.destroyed) return;
	if (rule && !rule.after && rule.fault.kind !== 'hang') {
		const fa = faultAnswer(rule.fault);
		if (fa === 'drop') {
			req.socket.destroy();
			return;
		}
		entry.status = fa.status;
		send(res, fa);
		return;
	}
	hooks.beforeAnswer(entry);
	let answer = dispatch(hooks.state(), method, path, query, body, malformed, headers.authorization);
	if (rule && rule.after && rule.fault.kind !== 'hang') {
		const fa = faultAnswer(rule.fault);
		if (fa === 'drop') {
			req.socket.destroy();
			return;
		}
		answer = fa;
	}
	entry.status = answer.status;
	if (method === 'HEAD') answer = { ...answer, body: '' };
	send(res, answer);
}
