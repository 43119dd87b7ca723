/**
 * What a valid list page is, in one place: Return All / Limit (./pagination.ts), the "From list" pickers
 * and the trigger's walk all read list answers through here. Pure.
 *
 * `data` is a list of objects, each with a positive whole-number `id` (ids grow with creation, README
 * "Assumptions"); a paginated answer has a `pagination` object whose `last_page` is a whole number and
 * whose `current_page`, when given, is the page that was asked for (a list that ignores `page` answers
 * page 1 again).
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject, kindOf } from './errors';

export type ListedRecord = IDataObject & { id: number };

export interface ListPage {
	records: ListedRecord[];
	lastPage: number;
	/** pagination.total when it is a whole number. */
	total?: number;
	/**
	 * The page size the service used (pagination.per_page when a whole number above 0, else the size asked
	 * for): a service may give smaller pages than asked, or ignore the size parameter (contract §10).
	 */
	perPage: number;
}

/** A list answer that breaks the rules above; the message names the problem. */
export class ListPageError extends Error {
	constructor(
		message: string,
		/** The problem is in how the list pages (not in one record's shape). */
		readonly paging: boolean,
	) {
		super(message);
		this.name = 'ListPageError';
	}
}

/** The records of a list answer, or a ListPageError naming the first bad one. */
export function listRecords(data: unknown): ListedRecord[] {
	if (!Array.isArray(data))
		throw new ListPageError(`"data" is ${kindOf(data)}, not a list of records`, false);
	data.forEach((record: unknown, index) => {
		if (!isObject(record))
			throw new ListPageError(
				`entry ${index + 1} of "data" is ${kindOf(record)}, not a record`,
				false,
			);
		if (!isWholeNumber(record.id) || record.id < 1)
			throw new ListPageError(`record ${index + 1} of "data" has no whole-number "id"`, false);
	});
	return data as ListedRecord[];
}

/** A list that ignores `page` answers page 1 again: say so, rather than that its records repeat. */
export function checkCurrentPage(pagination: unknown, page: number): void {
	const currentPage = isObject(pagination) ? pagination.current_page : undefined;
	if (currentPage !== undefined && currentPage !== page) {
		throw new ListPageError(
			`page ${page} was asked for and page ${JSON.stringify(currentPage)} came back (pagination.current_page)`,
			true,
		);
	}
}

/** `pagination.last_page`, a whole number. */
export function lastPageOf(pagination: unknown): number {
	const lastPage = isObject(pagination) ? pagination.last_page : undefined;
	if (!isWholeNumber(lastPage))
		throw new ListPageError(
			`pagination.last_page is ${JSON.stringify(lastPage) ?? 'missing'}, not a whole number`,
			true,
		);
	return lastPage;
}

/** One page of a paginated list answer, asked for as `page` of `perPage` records. */
export function listPage(
	answer: { data?: unknown; pagination?: unknown },
	page: number,
	perPage: number,
): ListPage {
	const records = listRecords(answer.data);
	const pagination = answer.pagination;
	if (!isObject(pagination)) throw new ListPageError('the answer has no "pagination" object', true);
	checkCurrentPage(pagination, page);
	const lastPage = lastPageOf(pagination);
	const { total } = pagination;
	return {
		records,
		lastPage,
		total: isWholeNumber(total) && total >= 0 ? total : undefined,
		perPage: answeredPageSize(pagination, perPage),
	};
}

/** The page size an answer shows (pagination.per_page), else the size asked for. */
export function answeredPageSize(pagination: unknown, asked: number): number {
	const answered = isObject(pagination) ? pagination.per_page : undefined;
	return isWholeNumber(answered) && answered > 0 ? answered : asked;
}

/** Is this page the list's last: fewer records than its size, or `last_page` reached? */
export function isLastPage(
	count: number,
	perPage: number,
	page: number,
	lastPage: number,
): boolean {
	return count < perPage || page >= lastPage;
}

export function isWholeNumber(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value);
}
