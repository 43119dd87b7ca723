/**
 * One project's poll: the requests the cursor logic asks for, nothing else. Throws on any failure
 * before a cursor is returned, so a caller that stores only returned cursors moves nothing on failure.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest, PAGE_SIZE } from '../ReviewCollection/transport';
import type { Cursor, ListAnswer, ListRecord } from './cursor';
import {
	finishWalk,
	initialCursor,
	pageQuery,
	recordsOf,
	startWalk,
	takePage,
	UnstableListError,
} from './cursor';
import type { TriggerEvent } from './events';
import { EVENTS, LIST_PATHS, matchesFilters, orderQuery, serverFilterNames } from './events';

export interface Watch {
	event: TriggerEvent;
	/** The user's filters (empty values dropped). */
	filters: IDataObject;
	/** Options → Query Parameters: sent with every list request, over the trigger's own names. */
	extraQuery: IDataObject;
}

async function list(ctx: IPollFunctions, watch: Watch, qs: IDataObject): Promise<ListAnswer> {
	const { page, per_page: perPage, ...rest } = qs;
	const query = { ...rest, ...watch.extraQuery, page, per_page: perPage };
	const envelope = await apiRequest(ctx, {
		method: 'GET',
		path: LIST_PATHS[EVENTS[watch.event].kind],
		qs: query,
	});
	return { data: envelope.data, pagination: envelope.pagination };
}

/** Filters sent with every walk request (they are part of the cursor's scope). */
export function serverFilters(watch: Watch): IDataObject {
	const query: IDataObject = {};
	for (const name of serverFilterNames(EVENTS[watch.event].kind)) {
		if (watch.filters[name] !== undefined) query[name] = watch.filters[name];
	}
	return query;
}

/** First poll of a scope: where the list stands, one request, nothing emitted. */
export async function firstLook(ctx: IPollFunctions, watch: Watch, scope: string): Promise<Cursor> {
	const perPage = EVENTS[watch.event].moment === 'id' ? 1 : PAGE_SIZE;
	const answer = await list(ctx, watch, {
		...orderQuery(watch.event),
		...serverFilters(watch),
		page: 1,
		per_page: perPage,
	});
	return readAnswer(ctx, () => initialCursor(watch.event, scope, answer));
}

/** What happened after the cursor, in cursor order and filtered, and the cursor to store. */
export async function walkFrom(
	ctx: IPollFunctions,
	watch: Watch,
	cursor: Cursor,
): Promise<{ records: ListRecord[]; cursor: Cursor }> {
	const walk = startWalk(watch.event, cursor, PAGE_SIZE);
	const query = { ...orderQuery(watch.event), ...serverFilters(watch) };
	while (!walk.done) {
		const answer = await list(ctx, watch, { ...query, ...pageQuery(walk) });
		readAnswer(ctx, () => takePage(walk, answer));
	}
	const { records, cursor: next } = finishWalk(walk);
	const kind = EVENTS[watch.event].kind;
	return {
		records: records.filter((record) => matchesFilters(kind, watch.filters, record)),
		cursor: next,
	};
}

/** "Fetch Test Event": the newest matching record (one request), or undefined. */
export async function newestMatching(
	ctx: IPollFunctions,
	watch: Watch,
): Promise<ListRecord | undefined> {
	const kind = EVENTS[watch.event].kind;
	const answer = await list(ctx, watch, {
		...orderQuery(watch.event),
		...watch.filters,
		page: 1,
		per_page: 10,
	});
	const records = readAnswer(ctx, () => recordsOf(answer));
	return records.find((record) => matchesFilters(kind, watch.filters, record));
}

/** Runs a cursor step; an answer it cannot use becomes a node error naming the problem. */
function readAnswer<T>(ctx: IPollFunctions, step: () => T): T {
	try {
		return step();
	} catch (error) {
		const unstable = error instanceof UnstableListError;
		throw new NodeOperationError(ctx.getNode(), (error as Error).message, {
			description: unstable
				? 'The list changed or paged in a way that could not be read completely. Nothing was marked as seen: the next poll tries again.'
				: 'The service answered in an unexpected shape. Nothing was marked as seen: the next poll tries again.',
		});
	}
}
