import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from './credentials';
import type { ApiRequest } from './request';
import { apiRequest } from './request';

/** The API's largest page (contract §6): Return All over 10,000 records costs 100 requests. */
export const PAGE_SIZE = 100;

export interface ListRequest extends Omit<ApiRequest, 'method' | 'body'> {
	/** Stop once this many records are in hand; undefined = every page. */
	limit?: number;
	/** false for the endpoints that answer every record at once (projects, clients, sources, share templates). */
	paginated: boolean;
}

/** Follows `page`/`per_page` until `pagination.last_page`, or until `limit` records are in hand. */
export async function apiRequestAllItems(
	ctx: ApiContext,
	request: ListRequest,
): Promise<IDataObject[]> {
	const { limit, paginated, ...rest } = request;
	const records: IDataObject[] = [];
	const perPage = limit === undefined ? PAGE_SIZE : Math.max(1, Math.min(limit, PAGE_SIZE));
	for (let page = 1; ; page++) {
		const qs = paginated ? { ...rest.qs, page, per_page: perPage } : rest.qs;
		const envelope = await apiRequest(ctx, { ...rest, method: 'GET', qs });
		const data = Array.isArray(envelope.data) ? (envelope.data as IDataObject[]) : [];
		records.push(...data);
		if (limit !== undefined && records.length >= limit) return records.slice(0, limit);
		const lastPage = Number(envelope.pagination?.last_page ?? page);
		if (!paginated || !envelope.pagination || data.length === 0 || page >= lastPage) {
			return records;
		}
	}
}
