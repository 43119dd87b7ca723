/**
 * The trigger's cursor, pure (no I/O, no n8n runtime): which records are handled, and the cursor after a
 * walk. The walk over the list is ../walk/walk.ts; the node wires both to HTTP and static data.
 *
 * Records are ordered by key = [moment, id] (see ../events/events.ts: the id itself for "a record appears", else
 * a timestamp set by the service; ties by id, as the list sorts them). A record is handled when its key
 * is at or below `floor`, or is one of `seen` (the keys handled above the floor, bounded by MAX_SEEN).
 * A record whose moment is set again to a later time has a new key, so it fires again.
 *
 * The Late Event Window (contract §8): a moment recorded late, at most `window` seconds older than the
 * newest moment handled, still fires once. So the floor stays `window` below the newest moment, and
 * `seen` remembers what fired inside the window. Events without a window keep only the newest moment's
 * keys in `seen`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TriggerEvent } from '../events/events';
import { momentOf } from '../events/events';

export type Key = [moment: number, id: number];
export type ListRecord = IDataObject & { id: number };

/** What static data holds per list the trigger watches (plain JSON, bounded, no secrets). */
export interface Cursor {
	/** A digest of the event, credential, Base URL, project and query the cursor belongs to. */
	scope: string;
	/** The newest moment handled. */
	moment: number;
	/** Every record whose key is at or below this is handled. */
	floor: Key;
	/** Keys handled above the floor, ascending (at most MAX_SEEN). */
	seen: Key[];
	/** Where the walk starts next time: how many records (oldest first) are at or below the floor. */
	position: number;
	/** The last walk stopped before the end of the list (its budget ran out): no first-page probe. */
	backlog: boolean;
	/**
	 * Unix seconds: deliver what happened after this (Start From; a project first seen after activation,
	 * from its creation), until a walk has read the list to its end. A baseline that a restart recomputes
	 * the same, so losing an unsaved one loses nothing.
	 */
	since?: number;
	/**
	 * With `since`, for "appears" events: the newest key of the whole list when the reading from `since`
	 * began. The date-filtered reading handles up to it; what appears above it (imports with old dates
	 * too) is read from it on, like any new record (contract §9).
	 */
	ceiling?: Key;
	/** Late Event Window events: Unix seconds of the day the list is read from (../reading/window-list.ts). */
	from?: number;
	/** Review Unanswered: [when, highest id] of the last read of everything above the floor (../rules/unanswered.ts). */
	top?: Key;
	/** The list's size when a walk last read it to its end (an idle check of a busy window compares it). */
	total?: number;
	/**
	 * A backlog walk stopped by its budget read every record up to this key (`resumeAt`: how many records,
	 * oldest first, are at or below it): the next walk goes on from here, not from the floor, so a poll
	 * makes progress even inside one busy second or window. The floor and `seen` do not move up to it: a
	 * moment recorded late below it is found by the walk from the floor once the backlog is read.
	 */
	resume?: Key;
	resumeAt?: number;
	/**
	 * New Review, New Customer (../walk/late-join.ts): [Unix seconds, highest id listed by then], ascending, of
	 * the polls within the Late Event Window: the floor rises to an id only a window after it was listed.
	 */
	marks?: Key[];
}

/** Keys listed one by one above the floor (contract §9: a busy window stays under 256 KB: ./cursor-json.ts). */
export const MAX_SEEN = 20_000;
/** Above every id: a floor [m, ID_MAX] covers every record at moment m. */
export const ID_MAX = Number.MAX_SAFE_INTEGER;

export function compareKeys(a: Key, b: Key): number {
	return a[0] - b[0] || a[1] - b[1];
}

/** The record's key, or undefined when its moment has not happened. */
export function keyOf(event: TriggerEvent, record: ListRecord): Key | undefined {
	const moment = momentOf(event, record);
	return moment === undefined ? undefined : [moment, record.id];
}

export function isHandled(cursor: Cursor, key: Key): boolean {
	if (compareKeys(key, cursor.floor) <= 0) return true;
	return cursor.seen.some((seen) => seen[0] === key[0] && seen[1] === key[1]);
}

/**
 * The cursor after handling `keys` (any order, all above the old floor or not: both fine). `complete`:
 * the walk read through to the end of the list. `position` is the new start hint. `readUpTo`: the walk
 * read every record from the floor up to this key only (stopped early, or went on from where the last
 * one stopped: then the floor itself). The floor rises no higher, whatever the newest moment: a moment
 * recorded late in what the walk did not read is found by the next walk from the floor.
 */
export function advance(
	cursor: Cursor,
	keys: Key[],
	windowSeconds: number,
	position: number,
	complete: boolean,
	readUpTo?: Key,
): Cursor {
	let moment = cursor.moment;
	for (const key of keys) moment = Math.max(moment, key[0]);
	let floor = cursor.floor;
	let raised: Key = [moment - windowSeconds - 1, ID_MAX];
	if (readUpTo && compareKeys(readUpTo, raised) < 0) raised = readUpTo;
	if (compareKeys(raised, floor) > 0) floor = raised;
	const byKey = new Map<string, Key>();
	for (const key of [...cursor.seen, ...keys]) {
		if (compareKeys(key, floor) > 0) byKey.set(`${key[0]}:${key[1]}`, key);
	}
	let seen = [...byKey.values()].sort(compareKeys);
	if (seen.length > MAX_SEEN) {
		// The oldest go below the floor: still handled, only no longer listed one by one.
		floor = seen[seen.length - MAX_SEEN - 1];
		seen = seen.slice(seen.length - MAX_SEEN);
	}
	return {
		scope: cursor.scope,
		moment,
		floor,
		seen,
		position,
		backlog: !complete,
		...(cursor.since !== undefined ? { since: cursor.since } : {}),
		...(cursor.ceiling !== undefined ? { ceiling: cursor.ceiling } : {}),
		...(cursor.top !== undefined ? { top: cursor.top } : {}),
		...(cursor.from !== undefined ? { from: cursor.from } : {}),
		...(cursor.marks !== undefined ? { marks: cursor.marks } : {}),
	};
}

/** A cursor at `moment` that has handled every key up to `floor`, and the keys of `seen`. */
export function handledUpTo(scope: string, moment: number, floor: Key, seen: Key[] = []): Cursor {
	return { scope, moment, floor, seen, position: 0, backlog: false };
}

/** A cursor that has handled nothing yet. */
function emptyCursor(scope: string, windowSeconds: number): Cursor {
	return handledUpTo(scope, 0, [-windowSeconds - 1, ID_MAX]);
}

/** A cursor that delivers what happened after `since` (nothing handled yet). */
export function sinceCursor(scope: string, since: number, windowSeconds: number): Cursor {
	return { ...emptyCursor(scope, windowSeconds), since };
}

/** The cursor of a first look: everything read is handled (nothing fires), `newest` is the top. */
export function initialCursor(
	scope: string,
	keys: Key[],
	windowSeconds: number,
	position: number,
	lowestRead: Key | undefined,
	complete: boolean,
): Cursor {
	const cursor = advance(emptyCursor(scope, windowSeconds), keys, windowSeconds, position, true);
	// The window could not be read to its end in the budget: what lies below the last read counts as seen.
	if (!complete && lowestRead && compareKeys(lowestRead, cursor.floor) > 0) {
		return advance({ ...cursor, floor: lowestRead }, [], windowSeconds, position, true);
	}
	return cursor;
}
