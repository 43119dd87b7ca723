/**
 * The trigger's cursor logic, pure (no I/O, no n8n runtime): what to request, what is new, what the next
 * cursor is. The node only wires it to HTTP and static data, so every rule here is unit-tested alone.
 *
 * Why it fires exactly once, per event:
 *
 * - newReview: review ids are integers that grow with creation, even for a review imported with a
 *   `created_at` far in the past (contract §6), and the review list sorts by `sort_key=id`. So the
 *   cursor is one number, the largest id already handled: a review is new iff its id is larger. The
 *   walk reads `sort_key=id&sort_dir=desc` pages until a page shows an id at or below the cursor (every
 *   later page holds only older ids) or the list ends. Ordering by `created_at` would miss imported
 *   reviews and cannot tell apart reviews sharing a second; ids do both.
 *
 * - newMessage: the message list sorts by a timestamp only (`sort_key` must be a message timestamp), so
 *   the walk reads `sort_key=created_at&sort_dir=desc` and the cursor is the pair (created_at, id) of
 *   the newest message handled, compared in that order: a message is new iff it was created in a later
 *   second, or in the same second with a larger id. This relies only on the service stamping messages
 *   with its own clock (they are never imported), not on ids and created_at agreeing: a message with a
 *   larger id but an older created_at (the simulator's seed has one) is not taken for new. The walk stops
 *   at the first page reaching a created_at strictly below the cursor's second; the strict test reads
 *   the whole same-second group whatever order the service gives ties, so same-second messages are
 *   neither repeated nor lost. Cost: an idle poll needs one request unless more than a page of
 *   messages share the cursor's second.
 *
 * Both walks: records are collected by id (a record seen twice because inserts pushed it down a page
 * counts once) and emitted oldest first, in cursor order (reviews by id, messages by created_at then id). A deletion during the walk moves
 * every later record UP, so one could slip from an unread page onto a page already read; that needs
 * `pagination.total` to drop between two answers, and when it does the walk steps back as many pages as
 * the drop can have shifted records (bounded; past the bound the poll fails and moves nothing). The next
 * cursor is only the result of a finished walk: the node stores it after the whole poll succeeded.
 */

import type { IDataObject } from 'n8n-workflow';

export type TriggerEvent = 'newReview' | 'newMessage';

/** What static data holds between polls (plain JSON numbers; the app stores static data as JSON). */
export interface Cursor {
	/** Event, authentication, credential and project the cursor belongs to; another scope starts afresh. */
	scope: string;
	/** newReview: largest id handled. newMessage: id of the newest message handled (0: none yet). */
	lastId: number;
	/** newMessage: created_at of the newest message handled (0 when none). newReview: unused, 0. */
	lastCreatedAt: number;
}

/** One list answer as the walk needs it: the envelope's `data` and `pagination`. */
export interface ListAnswer {
	data?: unknown;
	pagination?: unknown;
}

export type ListRecord = IDataObject & { id: number };

export const PAGE_SIZE = 100;
/** Deletions the walk absorbs by stepping back before it gives up (the poll then fails and retries later). */
export const MAX_STEP_BACKS = 20;

/** The answer does not have the shape the cursor logic relies on: the poll fails and moves nothing. */
export class MalformedAnswerError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'MalformedAnswerError';
	}
}

/** The list kept shrinking under the walk more often than MAX_STEP_BACKS. */
export class UnstableListError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UnstableListError';
	}
}

export function listPath(event: TriggerEvent): string {
	return event === 'newReview' ? '/project/reviews' : '/project/messages';
}

function sortOf(event: TriggerEvent): { sort_key: string; sort_dir: 'desc' } {
	return { sort_key: event === 'newReview' ? 'id' : 'created_at', sort_dir: 'desc' };
}

/** The newest record only: "Fetch Test Event". */
export function newestQuery(event: TriggerEvent): Record<string, string | number> {
	return { ...sortOf(event), page: 1, per_page: 1 };
}

/**
 * The first poll after activation. Reviews: the largest id is the first record. Messages: a full page,
 * because the newest second may hold several messages in any order and the cursor needs the largest id
 * among them. Still one request.
 */
export function firstPollQuery(event: TriggerEvent): Record<string, string | number> {
	return { ...sortOf(event), page: 1, per_page: event === 'newReview' ? 1 : PAGE_SIZE };
}

/** The cursor a fresh activation stores: where the (unfiltered) list stands now. Emits nothing. */
export function initialCursor(event: TriggerEvent, scope: string, answer: ListAnswer): Cursor {
	const records = recordsOf(event, answer).sort(compareFor(event));
	const newest = records[records.length - 1];
	return cursorAt(event, scope, newest) ?? { scope, lastId: 0, lastCreatedAt: 0 };
}

/** The stored cursor if it is well formed and belongs to this scope; undefined = start afresh. */
export function storedCursor(value: unknown, scope: string): Cursor | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const candidate = value as Partial<Cursor>;
	if (candidate.scope !== scope) return undefined;
	if (!isCount(candidate.lastId) || !isCount(candidate.lastCreatedAt)) return undefined;
	return { scope, lastId: candidate.lastId, lastCreatedAt: candidate.lastCreatedAt };
}

/** A walk over the list, newest first. Plain data: each step returns a new state. */
export interface Walk {
	event: TriggerEvent;
	cursor: Cursor;
	/** Page to request next. */
	page: number;
	done: boolean;
	/** Records after the cursor, by id. */
	found: Record<number, ListRecord>;
	/** `pagination.total` of the previous answer. */
	lastTotal?: number;
	stepBacks: number;
	requests: number;
}

export function startWalk(event: TriggerEvent, cursor: Cursor): Walk {
	return { event, cursor, page: 1, done: false, found: {}, stepBacks: 0, requests: 0 };
}

/** Query of the walk's next request (the node adds the user's filters). */
export function pageQuery(walk: Walk): Record<string, string | number> {
	return { ...sortOf(walk.event), page: walk.page, per_page: PAGE_SIZE };
}

/** Takes the answer to `pageQuery(walk)`: collects what is new and decides where (or whether) to go on. */
export function takePage(walk: Walk, answer: ListAnswer): Walk {
	const records = recordsOf(walk.event, answer);
	const pagination = paginationOf(answer);
	const found = { ...walk.found };
	for (const record of records) {
		if (isNew(walk.event, walk.cursor, record)) found[record.id] = record;
	}
	const next: Walk = {
		...walk,
		found,
		lastTotal: pagination.total,
		requests: walk.requests + 1,
	};

	const shrunk = walk.lastTotal === undefined ? 0 : walk.lastTotal - pagination.total;
	if (shrunk > 0) {
		// Records not read yet may have moved up by as many places as the list shrank: read again from
		// the page where they can be now. Records read twice are collected once (by id).
		if (walk.stepBacks >= MAX_STEP_BACKS) {
			throw new UnstableListError(
				`The list lost records ${walk.stepBacks + 1} times while it was being read; the poll will try again`,
			);
		}
		const pageSize = pagination.perPage > 0 ? pagination.perPage : PAGE_SIZE;
		return {
			...next,
			page: Math.max(1, walk.page - Math.ceil(shrunk / pageSize)),
			stepBacks: walk.stepBacks + 1,
		};
	}

	const reachedHandled = records.some((record) => isHandled(walk, record));
	const lastPage = records.length === 0 || walk.page >= pagination.lastPage;
	return { ...next, page: walk.page + 1, done: reachedHandled || lastPage };
}

/**
 * A record at which the walk may stop: every record on later pages is older than the cursor.
 * newReview: id at or below the cursor. newMessage: created strictly before the cursor's second
 * (same-second records may come in any order, so the whole second is read).
 */
function isHandled(walk: Walk, record: ListRecord): boolean {
	if (walk.event === 'newReview') return record.id <= walk.cursor.lastId;
	return createdAtOf(record) < walk.cursor.lastCreatedAt;
}

/** The new records, oldest first, and the cursor to store once the poll has succeeded. */
export function finishWalk(walk: Walk): { records: ListRecord[]; cursor: Cursor } {
	const records = Object.values(walk.found).sort(compareFor(walk.event));
	const newest = records[records.length - 1];
	return { records, cursor: cursorAt(walk.event, walk.cursor.scope, newest) ?? walk.cursor };
}

/** Is the record after the cursor? Reviews: by id. Messages: by (created_at, id). */
export function isNew(event: TriggerEvent, cursor: Cursor, record: ListRecord): boolean {
	if (event === 'newReview') return record.id > cursor.lastId;
	const createdAt = createdAtOf(record);
	return (
		createdAt > cursor.lastCreatedAt ||
		(createdAt === cursor.lastCreatedAt && record.id > cursor.lastId)
	);
}

/** Cursor order, ascending: the order records appeared in. */
function compareFor(event: TriggerEvent): (a: ListRecord, b: ListRecord) => number {
	if (event === 'newReview') return (a, b) => a.id - b.id;
	return (a, b) => createdAtOf(a) - createdAtOf(b) || a.id - b.id;
}

function cursorAt(event: TriggerEvent, scope: string, record: ListRecord | undefined): Cursor | undefined {
	if (!record) return undefined;
	return { scope, lastId: record.id, lastCreatedAt: event === 'newReview' ? 0 : createdAtOf(record) };
}

/** The records of an answer; throws when they cannot be ordered (no integer id / created_at). */
export function recordsOf(event: TriggerEvent, answer: ListAnswer): ListRecord[] {
	if (!Array.isArray(answer.data)) {
		throw new MalformedAnswerError('The list answer has no "data" array');
	}
	return answer.data.map((record: unknown, index) => {
		if (typeof record !== 'object' || record === null || !isPositiveInteger((record as ListRecord).id)) {
			throw new MalformedAnswerError(`Record ${index + 1} of the list answer has no integer "id"`);
		}
		if (event === 'newMessage' && !isCount((record as ListRecord).created_at)) {
			throw new MalformedAnswerError(
				`Message ${(record as ListRecord).id} of the list answer has no integer "created_at"`,
			);
		}
		return record as ListRecord;
	});
}

function paginationOf(answer: ListAnswer): { total: number; lastPage: number; perPage: number } {
	const pagination = answer.pagination as Record<string, unknown> | undefined;
	if (typeof pagination !== 'object' || pagination === null) {
		throw new MalformedAnswerError('The list answer has no "pagination" object');
	}
	const { total, last_page: lastPage, per_page: perPage } = pagination;
	if (!isCount(total) || !isCount(lastPage)) {
		throw new MalformedAnswerError('The list answer\'s "pagination" has no integer "total" and "last_page"');
	}
	return { total, lastPage, perPage: isCount(perPage) ? perPage : PAGE_SIZE };
}

function createdAtOf(record: ListRecord): number {
	return isCount(record.created_at) ? record.created_at : 0;
}

function isCount(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isPositiveInteger(value: unknown): value is number {
	return isCount(value) && value > 0;
}
