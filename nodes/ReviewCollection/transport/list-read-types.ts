/** What a list read (./list-reader.ts) is given: a page reader, its answers, the options. */
import type { ListedRecord } from './list-page';

/** One page as the service answered it (./pagination.ts checks it before). */
export interface PageAnswer {
	records: ListedRecord[];
	/** pagination.last_page of this answer. */
	lastPage: number;
	/** pagination.total of this answer, when given. */
	total?: number;
	/** pagination.per_page of this answer, when given (a service may ignore the size asked for). */
	perPage?: number;
}

export type PageReader = (page: number, perPage: number) => Promise<PageAnswer>;

export interface ListReadOptions {
	/** The largest page the service gives. */
	pageSize: number;
	/** Stop once this many records are taken. */
	limit?: number;
	/** Pages read at once (default 1). */
	concurrency?: number;
	/** The error for a list that changes faster than it can be read (default: a ListPageError). */
	fail?: (problem: string) => Error;
	/**
	 * The record field the list is sorted by, when its values need not be unique (created_at, a moment):
	 * equal values may come back in another order on every request (./equal-values.ts).
	 */
	orderField?: string;
}
