/**
 * The trigger's cursor logic, pure (no I/O, no n8n runtime): what to request, what is new, what the next
 * cursor is. The node only wires it to HTTP and static data.
 *
 * Cursor = (moment, ids handled at that moment). Every event has a moment (see ./events.ts): the id for
 * "a record appears" (ids grow with creation, contract §6; imported reviews with an old created_at
 * included), else a timestamp set by the service. A record is new iff its moment is later than the
 * cursor's, or equal and its id is not among the ids already handled at that moment (so a record that
 * reaches the cursor's second after the poll, with a smaller id, still fires; and a record whose moment is
 * set again to a later time fires again). The boundary ids are bounded (MAX_BOUNDARY_IDS).
 *
 * A walk reads the list newest moment first, page by page, until a page shows a moment strictly before
 * the cursor's (every later page is older) or the list ends. One page that reaches the cursor is one
 * snapshot: the idle poll is one request. A walk over several pages is not a snapshot: a deletion above a
 * page boundary moves an unread record onto a page already read, and `pagination.total` need not change
 * (a record may re-enter elsewhere). So after a multi-page pass the walk reads the same range again,
 * until two consecutive passes agree on the set of new ids (at most MAX_PASSES passes, else the poll
 * fails and moves nothing). Records are collected by id across passes (a record read once counts, even if
 * deleted later), in a Map mutated in place (linear in the records read).
 *
 * Bounds against a hostile list: a pass ends with an error past the first answer's `last_page` plus
 * PAGE_SLACK, when `current_page` is not the page asked for, or when a later page repeats only records
 * of this pass (a list ignoring `page`). A failed poll stores nothing.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TriggerEvent } from './events';
import { momentOf } from './events';

/** What static data holds between polls (plain JSON). */
export interface Cursor {
	/** Event, authentication, credential, project (and server-side filters) the cursor belongs to. */
	scope: string;
	/** Moment of the newest record handled (0: none yet). */
	moment: number;
	/** Ids handled at exactly that moment (the largest MAX_BOUNDARY_IDS). */
	ids: number[];
	/** At that moment, every id up to this one counts as handled (set when `ids` overflowed; else 0). */
	floor: number;
}

export interface ListAnswer {
	data?: unknown;
	pagination?: unknown;
}

export type ListRecord = IDataObject & { id: number };

export const MAX_PASSES = 5;
export const PAGE_SLACK = 5;
export const MAX_BOUNDARY_IDS = 1_000;

export class MalformedAnswerError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'MalformedAnswerError';
	}
}

/** The list changed under every pass, or paged without bound: nothing moves, the next poll retries. */
export class UnstableListError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UnstableListError';
	}
}

/** The cursor a fresh activation stores from the first page of the (unfiltered) list. Emits nothing. */
export function initialCursor(event: TriggerEvent, scope: string, answer: ListAnswer): Cursor {
	return advance({ scope, moment: 0, ids: [], floor: 0 }, event, recordsOf(answer));
}

/** The stored cursor if well formed and of this scope (older formats are read too); else undefined. */
export function storedCursor(
	value: unknown,
	scope: string,
	event: TriggerEvent,
): Cursor | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const stored = value as IDataObject;
	if (stored.scope !== scope) return undefined;
	if (isCount(stored.moment) && Array.isArray(stored.ids) && stored.ids.every(isCount)) {
		return {
			scope,
			moment: stored.moment,
			ids: stored.ids as number[],
			floor: isCount(stored.floor) ? stored.floor : 0,
		};
	}
	// Version 1 stored { lastId, lastCreatedAt } for newReview / newMessage.
	if (isCount(stored.lastId) && isCount(stored.lastCreatedAt)) {
		if (event === 'newReview')
			return { scope, moment: stored.lastId, ids: [], floor: stored.lastId };
		if (event === 'newMessage')
			return { scope, moment: stored.lastCreatedAt, ids: [], floor: stored.lastId };
	}
	return undefined;
}

export function isNew(event: TriggerEvent, cursor: Cursor, record: ListRecord): boolean {
	const moment = momentOf(event, record);
	if (moment === undefined) return false;
	return (
		moment > cursor.moment ||
		(moment === cursor.moment && record.id > cursor.floor && !cursor.ids.includes(record.id))
	);
}

/** Cursor order, ascending: by moment, ties by id. */
export function compareRecords(event: TriggerEvent): (a: ListRecord, b: ListRecord) => number {
	return (a, b) => (momentOf(event, a) ?? 0) - (momentOf(event, b) ?? 0) || a.id - b.id;
}

/** The cursor after handling `records` (all new, any order). */
export function advance(cursor: Cursor, event: TriggerEvent, records: ListRecord[]): Cursor {
	let { moment } = cursor;
	for (const record of records) moment = Math.max(moment, momentOf(event, record) ?? 0);
	const same = moment === cursor.moment;
	const ids = new Set(same ? cursor.ids : []);
	for (const record of records) {
		if (momentOf(event, record) === moment) ids.add(record.id);
	}
	const sorted = [...ids].sort((a, b) => a - b);
	const dropped = sorted.slice(0, Math.max(0, sorted.length - MAX_BOUNDARY_IDS));
	const floor = Math.max(same ? cursor.floor : 0, dropped.at(-1) ?? 0);
	return { scope: cursor.scope, moment, ids: sorted.slice(dropped.length), floor };
}

/** A walk over the list, newest first. Mutable state, changed only by `takePage`. */
export interface Walk {
	event: TriggerEvent;
	cursor: Cursor;
	pageSize: number;
	page: number;
	done: boolean;
	/** Every new record read in any pass, by id (the latest copy). */
	found: Map<number, ListRecord>;
	/** New ids read in the current pass, and in the previous one (undefined before the first ends). */
	passIds: Set<number>;
	previousPassIds?: Set<number>;
	/** Every id read in the current pass (to notice a page repeated by a list that ignores `page`). */
	passSeen: Set<number>;
	passes: number;
	/** `last_page` of the current pass's first answer. */
	firstLastPage?: number;
	requests: number;
}

export function startWalk(event: TriggerEvent, cursor: Cursor, pageSize: number): Walk {
	return {
		event,
		cursor,
		pageSize,
		page: 1,
		done: false,
		found: new Map(),
		passIds: new Set(),
		passSeen: new Set(),
		passes: 1,
		requests: 0,
	};
}

export function pageQuery(walk: Walk): { page: number; per_page: number } {
	return { page: walk.page, per_page: walk.pageSize };
}

/** Takes the answer to `pageQuery(walk)`. */
export function takePage(walk: Walk, answer: ListAnswer): void {
	const records = recordsOf(answer);
	const pagination = paginationOf(answer);
	walk.requests++;
	if (pagination.currentPage !== undefined && pagination.currentPage !== walk.page) {
		throw new UnstableListError(
			`The list answered page ${pagination.currentPage} when page ${walk.page} was asked for`,
		);
	}
	walk.firstLastPage ??= pagination.lastPage;
	if (
		walk.page > 1 &&
		records.length > 0 &&
		records.every((record) => walk.passSeen.has(record.id))
	) {
		throw new UnstableListError(`Page ${walk.page} of the list repeats records of earlier pages`);
	}
	let reachedHandled = false;
	for (const record of records) {
		walk.passSeen.add(record.id);
		if (isNew(walk.event, walk.cursor, record)) {
			walk.found.set(record.id, record);
			walk.passIds.add(record.id);
		} else if ((momentOf(walk.event, record) ?? -1) < walk.cursor.moment) {
			reachedHandled = true;
		}
	}
	const passEnded = reachedHandled || records.length === 0 || walk.page >= pagination.lastPage;
	if (!passEnded) {
		if (walk.page >= walk.firstLastPage + PAGE_SLACK) {
			throw new UnstableListError(
				`The list kept growing past page ${walk.page} (it first had ${walk.firstLastPage} pages); the poll will try again`,
			);
		}
		walk.page++;
		return;
	}
	endPass(walk);
}

function endPass(walk: Walk): void {
	const singlePage = walk.page === 1;
	if (
		singlePage ||
		(walk.previousPassIds !== undefined && sameSet(walk.previousPassIds, walk.passIds))
	) {
		walk.done = true;
		return;
	}
	if (walk.passes >= MAX_PASSES) {
		throw new UnstableListError(
			`The list changed under each of ${MAX_PASSES} reads; nothing was marked as seen and the poll will try again`,
		);
	}
	walk.previousPassIds = walk.passIds;
	walk.passIds = new Set();
	walk.passSeen = new Set();
	walk.firstLastPage = undefined;
	walk.passes++;
	walk.page = 1;
}

/** The new records in cursor order, and the cursor to store once the poll has succeeded. */
export function finishWalk(walk: Walk): { records: ListRecord[]; cursor: Cursor } {
	const records = [...walk.found.values()].sort(compareRecords(walk.event));
	return { records, cursor: advance(walk.cursor, walk.event, records) };
}

/** The records of an answer; throws when one has no integer id. */
export function recordsOf(answer: ListAnswer): ListRecord[] {
	if (!Array.isArray(answer.data))
		throw new MalformedAnswerError('The list answer has no "data" array');
	return answer.data.map((record: unknown, index) => {
		if (
			typeof record !== 'object' ||
			record === null ||
			!isCount((record as ListRecord).id) ||
			(record as ListRecord).id === 0
		) {
			throw new MalformedAnswerError(`Record ${index + 1} of the list answer has no integer "id"`);
		}
		return record as ListRecord;
	});
}

function paginationOf(answer: ListAnswer): { lastPage: number; currentPage?: number } {
	const pagination = answer.pagination as Record<string, unknown> | undefined;
	if (typeof pagination !== 'object' || pagination === null) {
		throw new MalformedAnswerError('The list answer has no "pagination" object');
	}
	const { last_page: lastPage, current_page: currentPage } = pagination;
	if (!isCount(lastPage)) {
		throw new MalformedAnswerError('The list answer\'s "pagination" has no integer "last_page"');
	}
	return { lastPage, currentPage: isCount(currentPage) ? currentPage : undefined };
}

function sameSet(a: Set<number>, b: Set<number>): boolean {
	if (a.size !== b.size) return false;
	for (const id of a) if (!b.has(id)) return false;
	return true;
}

function isCount(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
