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
import type { ListedRecord } from './list-page';
import type { PageAnswer } from './list-reader';
import { readList } from './list-reader';
import { answerError, apiRequest, type ApiEnvelope, type ApiRequest } from './request';
import { GUESSES } from './guesses';

/** The API's largest page (contract §6). */
export const PAGE_SIZE = 100;

/** What apiRequestAllItems reads (helpers/getMany.ts has a ListRequest of its own: an operation's list). */
export interface AllItemsRequest extends Omit<ApiRequest, 'method' | 'body'> {
	/** Stop once this many records are in hand; undefined = every page. */
	limit?: number;
	/** false for the endpoints that answer every record at once (projects, clients, sources, share templates). */
	paginated: boolean;
	/** Pages read at once (Request Options → Concurrency; default 1). */
	concurrency?: number;
}

/**
 * Every record of a list, or the first `limit`: one request for an unpaginated list, else pages read
 * by ./list-reader.ts (records added or removed while the list is read never fail the read nor hide
 * another record). Each page must be the one asked for, with a whole-number `last_page` and no more
 * records than `total` allows; anything else (a list that ignores `page`, answers another shape) stops
 * with an error naming the request, and nothing is output.
 */
export async function apiRequestAllItems(
	ctx: ApiContext,
	request: AllItemsRequest,
): Promise<IDataObject[]> {
	const { limit, paginated, concurrency, ...rest } = request;
	const what = `GET ${rest.path}`;
	const fail = (problem: string, paging = true) =>
		unexpectedAnswerError(ctx.getNode(), {
			request: what,
			status: 200,
			problem,
			paging,
			itemIndex: rest.itemIndex,
		});
	if (!paginated) {
		const envelope = await apiRequest(ctx, { ...rest, method: 'GET' });
		const records = listOf(envelope.data, (problem) => fail(problem, false));
		return limit === undefined ? records : records.slice(0, limit);
	}
	const readPage = async (page: number, perPage: number): Promise<PageAnswer> => {
		const qs = { ...rest.qs, [GUESSES.page.name]: page, [GUESSES.perPage.name]: perPage };
		const envelope = await apiRequest(ctx, { ...rest, method: 'GET', qs });
		const records = listOf(envelope.data, (problem) => fail(problem, false));
		const { pagination } = envelope;
		// Without pagination the answer is the whole list.
		if (!pagination) return { records, lastPage: page };
		return pageRule(() => pageOf(pagination, page, perPage, records.length), fail, records);
	};
	return await readList(readPage, {
		pageSize: PAGE_SIZE,
		limit,
		concurrency,
		fail,
		orderField: orderFieldOf(rest.path, rest.qs),
	});
}

/**
 * The record field a list is sorted by, whose values may repeat (contract §11): `sort_key`, else the
 * list's default order (the spec's "newest first by creation time"; charges by their time, as the
 * simulator guesses: a wrong guess only costs reads). Ids are unique: nothing to guard.
 */
function orderFieldOf(path: string, qs: IDataObject | undefined): string | undefined {
	const key = qs?.sort_key;
	if (typeof key === 'string' && key !== '') return key === 'id' ? undefined : key;
	return path.endsWith('/charges') ? 'charged_at' : 'created_at';
}

/** The paging of one answer: the page asked for, a whole-number `last_page`, within `total`. */
function pageOf(
	pagination: unknown,
	page: number,
	asked: number,
	count: number,
): Omit<PageAnswer, 'records'> {
	checkCurrentPage(pagination, page);
	const lastPage = lastPageOf(pagination);
	const { total, per_page: answered } = pagination as { total?: unknown; per_page?: unknown };
	const perPage = isWholeNumber(answered) && answered > 0 ? answered : undefined;
	if (!isWholeNumber(total)) return { lastPage, perPage };
	const start = (page - 1) * (perPage ?? asked);
	if (count > 0 && start + count > total)
		throw new ListPageError(
			`page ${page} of ${perPage ?? asked} has records past pagination.total (${total})`,
			true,
		);
	return { lastPage, total, perPage };
}

/** The records of one list answer (a "From list" page): as in Return All, or an error naming the request. */
export function recordsOf(ctx: ApiContext, envelope: ApiEnvelope): IDataObject[] {
	return listOf(envelope.data, (problem) => answerError(ctx, envelope, problem));
}

/** A rule of ./list-page.ts, its problem as the error `fail` makes of it. */
function pageRule<T, R>(
	rule: () => T,
	fail: (problem: string) => Error,
	records: R,
): T & { records: R } {
	try {
		return { ...rule(), records };
	} catch (error) {
		throw fail(error instanceof ListPageError ? error.message : String(error));
	}
}

/** The records of a list answer (./list-page.ts owns the rules), or the error `fail` makes of the problem. */
function listOf(data: unknown, fail: (problem: string) => Error): ListedRecord[] {
	try {
		return listRecords(data);
	} catch (error) {
		throw fail(error instanceof ListPageError ? error.message : String(error));
	}
}
