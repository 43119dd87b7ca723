import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './credentials';
import { unexpectedAnswerError } from './errors';
import {
	checkCurrentPage,
	isWholeNumber,
	lastPageOf,
	listRecords,
	ListPageError,
} from './list-page';
import { answerError, apiRequest, type ApiEnvelope, type ApiRequest } from './request';

/** The API's largest page (contract §6): Return All over 10,000 records costs 100 requests. */
export const PAGE_SIZE = 100;

/** What apiRequestAllItems reads (helpers/getMany.ts has a ListRequest of its own: an operation's list). */
export interface AllItemsRequest extends Omit<ApiRequest, 'method' | 'body'> {
	/** Stop once this many records are in hand; undefined = every page. */
	limit?: number;
	/** false for the endpoints that answer every record at once (projects, clients, sources, share templates). */
	paginated: boolean;
}

/**
 * Follows `page`/`per_page` until `pagination.last_page`, or until `limit` records are in hand, as long
 * as the list makes progress: each page is the one asked for, `last_page` is a whole number that stays
 * put, no page goes past what `total` allows, and no record comes twice. Anything else (a list that
 * never ends, ignores `page`, repeats itself) stops with an error after a bounded number of requests,
 * and nothing is output.
 */
export async function apiRequestAllItems(
	ctx: ApiContext,
	request: AllItemsRequest,
): Promise<IDataObject[]> {
	const { limit, paginated, ...rest } = request;
	const records: IDataObject[] = [];
	const seen = new Set<number>();
	const perPage = limit === undefined ? PAGE_SIZE : Math.max(1, Math.min(limit, PAGE_SIZE));
	const what = `GET ${rest.path}`;
	const fail = (problem: string, paging = true) =>
		unexpectedAnswerError(ctx.getNode(), {
			request: what,
			status: 200,
			problem,
			paging,
			itemIndex: rest.itemIndex,
		});
	let firstLastPage: number | undefined;
	for (let page = 1; ; page++) {
		const qs = paginated ? { ...rest.qs, page, per_page: perPage } : rest.qs;
		const envelope = await apiRequest(ctx, { ...rest, method: 'GET', qs });
		const data = listOf(envelope.data, (problem) => fail(problem, false));
		if (paginated) pageRule(() => checkCurrentPage(envelope.pagination, page), fail);
		for (const record of data) {
			if (seen.has(record.id as number))
				throw fail(`record ${record.id} came twice (page ${page} repeats an earlier page)`);
			seen.add(record.id as number);
			records.push(record);
		}
		if (limit !== undefined && records.length >= limit) return records.slice(0, limit);
		const pagination = envelope.pagination;
		if (!paginated || !pagination || data.length === 0) return records;

		const { total } = pagination;
		const lastPage = pageRule(() => lastPageOf(pagination), fail);
		firstLastPage ??= lastPage;
		if (lastPage !== firstLastPage)
			throw fail(
				`pagination.last_page changed from ${firstLastPage} to ${lastPage} while the list was read`,
			);
		const pageSize =
			isWholeNumber(pagination.per_page) && pagination.per_page > 0 ? pagination.per_page : perPage;
		if (isWholeNumber(total) && page > Math.ceil(total / pageSize)) {
			throw fail(
				`page ${page} has records, but pagination.total (${total}) allows only ${Math.ceil(total / pageSize)} pages of ${pageSize}`,
			);
		}
		if (page >= lastPage) return records;
	}
}

/** The records of one list answer (a "From list" page): as in Return All, or an error naming the request. */
export function recordsOf(ctx: ApiContext, envelope: ApiEnvelope): IDataObject[] {
	return listOf(envelope.data, (problem) => answerError(ctx, envelope, problem));
}

/** A rule of ./list-page.ts, its problem as the error `fail` makes of it. */
function pageRule<T>(rule: () => T, fail: (problem: string) => Error): T {
	try {
		return rule();
	} catch (error) {
		throw fail(error instanceof ListPageError ? error.message : String(error));
	}
}

/** The records of a list answer (./list-page.ts owns the rules), or the error `fail` makes of the problem. */
function listOf(data: unknown, fail: (problem: string) => Error): IDataObject[] {
	try {
		return listRecords(data);
	} catch (error) {
		throw fail(error instanceof ListPageError ? error.message : String(error));
	}
}
