/** Query parameters of list endpoints: paging, date ranges, sorting, and the filters they combine into. */
import { Dialect, QueryNames } from './dialect';
import { Validator } from './validation';

export type Query = Record<string, string | string[]>;

/** The value of a parameter the spec leaves unnamed, under this dialect's name for it. */
export function named(dialect: Dialect, query: Query, name: keyof QueryNames): string | undefined {
	return qs(query, dialect.names[name]);
}

/** A scalar query value (first of repeated values). */
export function qs(query: Query, name: string): string | undefined {
	const v = query[name];
	if (v === undefined) return undefined;
	return Array.isArray(v) ? v[0] : v;
}

export interface Paging {
	page: number;
	perPage: number;
}

/**
 * Page and page size under the dialect's names ("Maximum page size and default page size: not shown"):
 * a size above the largest gives the largest, as Laravel's paginator clamps it.
 */
export function parsePaging(query: Query, dialect: Dialect): Paging {
	const v = new Validator({});
	let page = 1;
	let perPage = dialect.defaultPageSize;
	const pageName = dialect.names.page;
	const sizeName = dialect.names.perPage;
	const p = qs(query, pageName);
	if (p !== undefined && p !== '') {
		if (!/^-?\d+$/.test(p)) v.add(pageName, `The ${pageName} field must be an integer.`);
		else if (Number(p) < 1) v.add(pageName, `The ${pageName} field must be at least 1.`);
		else page = Number(p);
	}
	const pp = qs(query, sizeName);
	if (pp !== undefined && pp !== '') {
		if (!/^-?\d+$/.test(pp)) v.add(sizeName, `The ${sizeName} field must be an integer.`);
		else if (Number(pp) < 1) v.add(sizeName, `The ${sizeName} field must be at least 1.`);
		else perPage = Math.min(dialect.maxPageSize, Number(pp));
	}
	v.done();
	return { page, perPage };
}

export interface DateRange {
	key: string;
	from: number | null;
	to: number | null;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(s: string): number | undefined {
	const m = DATE_RE.exec(s);
	if (!m) return undefined;
	const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
	const d = new Date(ms);
	if (
		d.getUTCFullYear() !== Number(m[1]) ||
		d.getUTCMonth() !== Number(m[2]) - 1 ||
		d.getUTCDate() !== Number(m[3])
	)
		return undefined;
	return ms / 1000;
}

/**
 * date_key / date_from / date_to; null when no bound is given. `to` is the last second of that day, its
 * days counted in the dialect's time zone (`dayZoneHours` east of UTC).
 */
export function parseDateRange(
	query: Query,
	allowedKeys: string[],
	dialect: Pick<Dialect, 'dayZoneHours'>,
): DateRange | null {
	const shift = dialect.dayZoneHours * 3600;
	const v = new Validator({});
	const key = qs(query, 'date_key') || 'created_at';
	if (!allowedKeys.includes(key)) v.add('date_key', 'The selected date key is invalid.');
	const fromS = qs(query, 'date_from');
	const toS = qs(query, 'date_to');
	let from: number | null = null;
	let to: number | null = null;
	if (fromS !== undefined && fromS !== '') {
		const d = parseDay(fromS);
		if (d === undefined) v.add('date_from', 'The date from field must match the format Y-m-d.');
		else from = d - shift;
	}
	if (toS !== undefined && toS !== '') {
		const d = parseDay(toS);
		if (d === undefined) v.add('date_to', 'The date to field must match the format Y-m-d.');
		else to = d + 86399 - shift;
	}
	if (from !== null && to !== null && to < from)
		v.add('date_to', 'The date to field must be a date after or equal to date from.');
	v.done();
	if (from === null && to === null) return null;
	return { key, from, to };
}

export function dateRangePredicate<T>(range: DateRange | null): ((r: T) => boolean) | null {
	if (!range) return null;
	const { key, from, to } = range;
	return (r: T) => {
		const value = (r as unknown as Record<string, unknown>)[key];
		if (typeof value !== 'number') return false;
		return (from === null || value >= from) && (to === null || value <= to);
	};
}

/** `sort_key` (named by the spec) and the sort direction ("default `desc`"; its name is the dialect's). */
export function parseSort(
	query: Query,
	dialect: Dialect,
	allowed: string[],
	message?: string,
	keyName = 'sort_key',
): { key: string | null; desc: boolean } {
	const v = new Validator({});
	const key = qs(query, keyName);
	const dirName = dialect.names.sortDir;
	const dir = qs(query, dirName);
	if (key !== undefined && key !== '' && !allowed.includes(key))
		v.add(keyName, message ?? 'The selected sort key is invalid.');
	if (dir !== undefined && dir !== '' && dir !== 'asc' && dir !== 'desc')
		v.add(dirName, `The selected ${dirName} is invalid.`);
	v.done();
	return { key: key ? key : null, desc: dir !== 'asc' };
}

/** All of the given filters (null ones skipped); null when there are none. */
export function combine<T>(preds: Array<((r: T) => boolean) | null>): ((r: T) => boolean) | null {
	const list = preds.filter((p): p is (r: T) => boolean => p !== null);
	if (list.length === 0) return null;
	if (list.length === 1) return list[0];
	return (r: T) => list.every((p) => p(r));
}
