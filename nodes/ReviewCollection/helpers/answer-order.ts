/** The order a Get Many answer must show (./answer-checks.ts): what was asked, and what breaks it. */
import type { IDataObject } from 'n8n-workflow';

import { GUESSES } from '../transport';

export type Direction = 'asc' | 'desc';

/** Whether `sort_key` is checked, and the direction the spec gives when none is sent. */
export interface SortRule {
	defaultDirection?: Direction;
}

export interface SortAsked {
	key: string;
	/** undefined: no direction sent and none given by the spec (either is accepted, but not a mix). */
	direction?: Direction;
	/** The direction as sent (undefined: none sent). */
	sent?: Direction;
}

/** Only an order the user asked for (sort_key sent) is checked: never the service's own default order. */
export function sortAsked(qs: IDataObject, sort: SortRule | undefined): SortAsked | undefined {
	if (!sort) return undefined;
	const key = textOf(qs.sort_key);
	if (key === '') return undefined;
	const dir = textOf(qs[GUESSES.sortDirection.name]).toLowerCase();
	const sent = dir === 'asc' || dir === 'desc' ? dir : undefined;
	return { key, sent, direction: sent ?? sort.defaultDirection };
}

export interface OrderProblem {
	/** The order the records show: the opposite of the one asked, or none. */
	shows: Direction | 'none';
	before: IDataObject;
	after: IDataObject;
}

/**
 * Whether the records' `key` field breaks the order asked: records whose field is null or missing,
 * and pairs whose order collations may disagree on, are skipped.
 */
export function orderProblem(
	records: IDataObject[],
	key: string,
	direction: Direction | undefined,
): OrderProblem | undefined {
	let ascending: OrderProblem | undefined;
	let descending: OrderProblem | undefined;
	let previous: IDataObject | undefined;
	for (const record of records) {
		if (!comparable(record[key])) continue;
		if (previous) {
			const order = compare(previous[key], record[key]);
			const pair = { before: previous, after: record };
			if (order < 0) ascending ??= { shows: 'asc', ...pair };
			if (order > 0) descending ??= { shows: 'desc', ...pair };
		}
		previous = record;
	}
	const against = direction === 'asc' ? descending : direction === 'desc' ? ascending : undefined;
	if (ascending && descending)
		return { ...(against ?? descending), shows: 'none' } satisfies OrderProblem;
	return against;
}

function comparable(value: unknown): boolean {
	return (typeof value === 'number' && Number.isFinite(value)) || firstChar(value) !== undefined;
}

/**
 * Numbers by value. Text by its first character only, when it is an ASCII letter or digit (accented
 * and other letters sort differently from one language's collation to another's), and only where a
 * case-blind and a case-sensitive collation agree (`B` and `a`: they do not): enough to see a reversed
 * or ignored order.
 */
function compare(a: unknown, b: unknown): number {
	if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
	const [x, y] = [firstChar(a), firstChar(b)];
	if (x === undefined || y === undefined) return 0;
	const blind = Math.sign(x.toLowerCase().localeCompare(y.toLowerCase(), 'en'));
	const sensitive = x < y ? -1 : x > y ? 1 : 0;
	return blind === sensitive ? blind : 0;
}

function firstChar(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const first = value.trim().charAt(0);
	return /^[A-Za-z0-9]$/.test(first) ? first : undefined;
}

export function sortMessage(
	what: string,
	order: SortAsked,
	problem: OrderProblem,
): [string, string] {
	const { key } = order;
	const value = (record: IDataObject) => JSON.stringify(record[key]);
	const example = `${what} ${String(problem.before.id)} with ${key} ${value(problem.before)} came before ${what} ${String(problem.after.id)} with ${value(problem.after)}`;
	const named = `(Name: the service's parameter, Value: ${order.direction ?? 'asc or desc'})`;
	if (problem.shows !== 'none' && order.sent)
		return [
			`Options → Sort Direction (sent as ${GUESSES.sortDirection.name}=${order.sent}) was ignored by the service: the ${what}s came back in ${problem.shows === 'asc' ? 'ascending' : 'descending'} ${key} order (${example})`,
			`The service may name the sort direction otherwise (the API documentation does not give its name). Set the service's own name in Options → Query Parameters ${named}.`,
		];
	if (problem.shows !== 'none')
		return [
			`Options → Sort By (sent as sort_key=${key}, no direction) came back in ${problem.shows === 'asc' ? 'ascending' : 'descending'} order, not the ${order.direction === 'asc' ? 'ascending' : 'descending'} order the API documentation gives as the default (${example})`,
			'Set Options → Sort Direction to the order you want.',
		];
	return [
		`Options → Sort By (sent as sort_key=${key}) was ignored by the service: the ${what}s did not come back in ${key} order (${example})`,
		`Check that the service sorts its ${what}s by ${key}; if it names the sort key parameter otherwise, set its name in Options → Query Parameters (name/value).`,
	];
}

/** The text of a query value ('' when none was sent). */
export function textOf(value: unknown): string {
	if (typeof value === 'number') return String(value);
	return typeof value === 'string' ? value.trim() : '';
}
