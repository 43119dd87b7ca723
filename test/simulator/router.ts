/** Route table types and helpers shared by the handler files. */
import { PageResult } from './collection';
import { Paging, Query } from './query';
import { HttpError, asBody, notFound } from './validation';
import { SimProject, SimState, nowOf } from './state';

export interface Ctx {
	state: SimState;
	method: string;
	path: string;
	query: Query;
	body: unknown;
	params: Record<string, string>;
	/** The project selected by the project key (routes of area 'project' only). */
	project: SimProject;
}

export interface Pagination {
	current_page: number;
	from: number | null;
	last_page: number;
	path: string;
	per_page: number;
	to: number | null;
	total: number;
}

export interface JsonResult {
	data?: unknown;
	pagination?: Pagination;
}

export interface RawResult {
	raw: Buffer;
	contentType: string;
}

export type Handler = (ctx: Ctx) => JsonResult | RawResult;

export interface Route {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** e.g. '/project/reviews/:id/flag-hidden' */
	pattern: string;
	area: 'agency' | 'project' | 'public';
	handler: Handler;
}

export interface CompiledRoute extends Route {
	regex: RegExp;
	names: string[];
}

export function compile(route: Route): CompiledRoute {
	const names: string[] = [];
	const source = route.pattern
		.split('/')
		.map((seg) => {
			if (seg.startsWith(':')) {
				names.push(seg.slice(1));
				return '([^/]+)';
			}
			return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		})
		.join('/');
	return { ...route, regex: new RegExp(`^${source}$`), names };
}

export function body(ctx: Ctx): Record<string, unknown> {
	return asBody(ctx.body);
}

export function now(ctx: Ctx): number {
	return nowOf(ctx.state);
}

/** The numeric path parameter; a non-numeric value answers 404 naming the record. */
export function idParam(ctx: Ctx, label: string, name = 'id'): number {
	const raw = ctx.params[name];
	if (!/^\d+$/.test(raw)) throw notFound(`${label} ${raw} not found.`);
	return Number(raw);
}

export function mustFind<T>(record: T | undefined, label: string, id: number): T {
	if (record === undefined) throw notFound(`${label} ${id} not found.`);
	return record;
}

export function paginated<T>(
	ctx: Ctx,
	result: PageResult<T>,
	paging: Paging,
	render: (r: T) => unknown,
): JsonResult {
	const { page, perPage } = paging;
	const lastPage = Math.max(1, Math.ceil(result.total / perPage));
	const from = result.items.length ? (page - 1) * perPage + 1 : null;
	const to = result.items.length ? (page - 1) * perPage + result.items.length : null;
	return {
		data: result.items.map(render),
		pagination: {
			current_page: page,
			from,
			last_page: lastPage,
			path: `${ctx.state.baseUrl}${ctx.path}`,
			per_page: perPage,
			to,
			total: result.total,
		},
	};
}

export function noData(): JsonResult {
	return {};
}

export function ok(data: unknown): JsonResult {
	return { data };
}

export { HttpError };

export function queryOf(ctx: Ctx): Query {
	return ctx.query;
}
