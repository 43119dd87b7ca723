/**
 * One walk over a list (./walk.ts), as data: where it stands and what it found, pure. ./walk.ts decides
 * the pages; ./walk-records.ts what a record and a page's end mean; ./walk-count.ts counts a run of equal
 * moments.
 */
import type { Cursor, Key, ListRecord } from '../state/cursor';
import type { TriggerEvent } from '../events/events';
import type { PageShape } from './paging';
import { FIRST_SHAPE } from './paging';
import type { CountedRun, Served } from './walk-ties';
import { newServed } from './walk-ties';

export interface Walk {
	event: TriggerEvent;
	cursor: Cursor;
	windowSeconds: number;
	/** The pages the service gives, as its answers show them (./paging.ts). */
	shape: PageShape;
	/**
	 * A page that starts right after the last record read (pages of a fixed size, or too small to line
	 * up): taken once the last record's page, read again after it, shows nothing newer than that record
	 * up to its position (nothing moved back past the boundary meanwhile).
	 */
	held?: AscPage;
	phase: 'probe' | 'asc' | 'done';
	/** Every record up to this key has been read (or handled before). */
	verified: Key;
	/** asc position of the verified record (-1: before the first). */
	at: number;
	/** asc positions beyond this are inserts made during the walk: the next poll's. */
	endAt?: number;
	stepsBack: number;
	/** Started from the last walk's stop (Cursor.resume), not from the floor. */
	resumed: boolean;
	/** Went on from the last stop to the end, now reads from the floor: up to that stop only. */
	rereadTo?: Key;
	complete: boolean;
	/** New records read, by id. */
	found: Map<number, ListRecord>;
	/** The list's size when the walk read it to its end (kept in the cursor: ./unchangedSinceLast). */
	listTotal?: number;
	/** Probe: list size and the keys read; asc: keys read with their positions (for the next start). */
	total: number;
	read: Array<{ key: Key; position: number; unread?: boolean }>;
	seen: Set<string>;
	requests: number;
	/**
	 * Records above this key have not happened at this poll (a reply due time still ahead, ../rules/unanswered.ts):
	 * they are the newest of the order and end the list. Nothing appears later below what the walk has
	 * read without having appeared after its moment: the floor follows the walk (up to `end`).
	 */
	end?: Key;
	/**
	 * Reading from `since`: the key at or below which everything is handled once the walk has read its
	 * (date-filtered) list to the end: `since` itself for timestamp moments; for "appears" events the
	 * newest id of the whole list when the walk began (../reading/watch.ts asks for it).
	 */
	ceiling?: Key;
	/** Stop once this many new records are found (Max Events per Poll: the rest is the next poll's). */
	want?: number;
	/** The highest id listed (whether its moment happened or not). */
	topId: number;
	/** The walk listed every record above the floor (due or not): `topId` is the list's. */
	sawTop?: boolean;
	/** The list's size at the walk's first ascending answer (./takeAscending). */
	firstTotal?: number;
	/** What the walk saw of the order of equal moments, and a run of them it counts (./walk-ties.ts). */
	served: Served;
	counting?: CountedRun;
	/** `verified` ends a run of its moment read whole (no record of that moment can follow unread). */
	verifiedWhole?: boolean;
	/** asc position where the verified record's moment starts, when a page showed it; its records read. */
	runStart?: number;
	runIds: Set<number>;
}

/** An ascending page as the walk takes it. */
export interface AscPage {
	start: number;
	records: ListRecord[];
	keys: Key[];
	/** Where the list ends for this poll: pagination.total less the records past the walk's `end`. */
	total?: number;
	/** pagination.total as the service gave it (records past `end` too): the list's size. */
	listTotal?: number;
	lastOfList: boolean;
	/** Read from the floor to the list's own end (no record above `end`): every record was listed. */
	sawTop: boolean;
	/** The last record's page read again for a held page (it may end at the last record read). */
	again?: boolean;
}

export function startWalk(
	event: TriggerEvent,
	cursor: Cursor,
	windowSeconds: number,
	shape: PageShape = FIRST_SHAPE,
): Walk {
	// Going on with a backlog from where the last walk stopped (not from the floor): see Cursor.resume.
	const resume = cursor.backlog && cursor.resume && cursor.resumeAt !== undefined;
	return {
		event,
		cursor,
		windowSeconds,
		shape,
		phase: cursor.backlog ? 'asc' : 'probe',
		verified: resume ? cursor.resume! : cursor.floor,
		at: (resume ? cursor.resumeAt! : cursor.position) - 1,
		resumed: resume === true,
		stepsBack: 0,
		complete: false,
		found: new Map(),
		total: 0,
		read: [],
		seen: new Set(cursor.seen.map(([moment, id]) => `${moment}:${id}`)),
		requests: 0,
		topId: 0,
		served: newServed(),
		runIds: new Set(),
	};
}
