/**
 * The end of a walk (./walk.ts), pure: the new records, oldest first, and the cursor to store, also
 * for a walk cut short at a key (Max Events per Poll).
 */
import type { Cursor, Key, ListRecord } from '../state/cursor';
import { advance, compareKeys, ID_MAX } from '../state/cursor';
import { EVENTS } from '../events/events';
import { keyOrThrow } from './paging';
import type { Walk } from './walk';

/**
 * The new records, oldest first, and the cursor to store (the walk may have stopped early). `limit`:
 * only the records up to this key are taken (Max Events per Poll, the customer Tag question's budget):
 * the walk is finished as if it had stopped there. `joinCap`: the floor rises no higher (./late-join.ts).
 */
export function finishWalk(
	walk: Walk,
	limit?: Key,
	joinCap?: Key,
): { records: ListRecord[]; cursor: Cursor } {
	if (limit) walk = cutAt(walk, limit);
	const records = [...walk.found.values()].sort((a, b) =>
		compareKeys(keyOrThrow(walk.event, a), keyOrThrow(walk.event, b)),
	);
	const keys = records.map((record) => keyOrThrow(walk.event, record));
	// What this walk read from the floor: all of it, up to where it stopped, or (going on from where the
	// last one stopped) nothing.
	let readUpTo = walk.resumed ? walk.cursor.floor : walk.complete ? undefined : walk.verified;
	// New Review, New Customer: no higher than a window's ids below the newest (./late-join.ts).
	if (joinCap && (!readUpTo || compareKeys(joinCap, readUpTo) < 0)) readUpTo = joinCap;
	let next = advance(walk.cursor, keys, walk.windowSeconds, 0, walk.complete, readUpTo);
	if (walk.end) {
		// Everything up to the last record read (to the end, when read to it) is handled: a record
		// that appears there later appeared after its moment (../rules/unanswered.ts).
		const handled = walk.complete ? walk.end : walk.verified;
		if (compareKeys(handled, next.floor) > 0)
			next = advance({ ...next, floor: handled }, [], walk.windowSeconds, 0, walk.complete);
	}
	const since = walk.cursor.since;
	const appearance = EVENTS[walk.event].moment === 'id';
	if (since !== undefined) {
		// Before `since` nothing fires. A moment in time: everything up to `since` is handled, and what
		// fired above it is in `seen`, so the Late Event Window works as after any walk. An appearance:
		// records created before `since` can have any id, so everything read is handled.
		const handled: Key | undefined = appearance ? newestRead(walk) : [since, ID_MAX];
		if (handled && compareKeys(handled, next.floor) > 0)
			next = advance({ ...next, floor: handled }, [], walk.windowSeconds, 0, walk.complete);
		// Read to its end: from now on an ordinary cursor (on the whole list: its start is unknown).
		if (walk.complete) {
			const ceiling: Key = walk.ceiling ?? [since, ID_MAX];
			if (compareKeys(ceiling, next.floor) > 0)
				next = advance({ ...next, floor: ceiling }, [], walk.windowSeconds, 0, true);
			return {
				records,
				cursor: { ...next, since: undefined, ceiling: undefined, position: 0 },
			};
		}
		if (appearance)
			return { records, cursor: { ...next, position: positionBelow(walk, next.floor) } };
	}
	const cursor = { ...next, position: positionBelow(walk, next.floor) };
	// Read to the end (a walk that went on from its last stop read from the floor again: ./walk.ts).
	if (walk.complete) return { records, cursor: { ...cursor, total: walk.listTotal } };
	// Stopped by the budget: the next walk goes on after the last record this one verified.
	if (compareKeys(walk.verified, next.floor) <= 0) return { records, cursor };
	return {
		records,
		cursor: {
			...cursor,
			resume: walk.verified,
			resumeAt: positionBelow(walk, walk.verified, walk.resumed ? walk.cursor.resumeAt : undefined),
		},
	};
}

/** The newest key the walk read (and kept). */
function newestRead(walk: Walk): Key | undefined {
	return walk.read.reduce<Key | undefined>(
		(newest, { key, unread }) =>
			!unread && (!newest || compareKeys(key, newest) > 0) ? key : newest,
		undefined,
	);
}

function cutAt(walk: Walk, limit: Key): Walk {
	const found = new Map(
		[...walk.found].filter(([, record]) => compareKeys(keyOrThrow(walk.event, record), limit) <= 0),
	);
	if (found.size === walk.found.size) return walk;
	// Cut inside a moment: records of it not read yet may have smaller ids (equal moments in any order,
	// ./walk-ties.ts), so what is handled ends below that moment; what fired of it is in `seen`.
	// (An id as the moment is one record's: nothing else shares it.)
	const below: Key = [limit[0], 0];
	const shared = EVENTS[walk.event].moment !== 'id' && compareKeys(below, walk.cursor.floor) > 0;
	const cutAtKey = shared ? below : limit;
	const verified =
		walk.complete || compareKeys(walk.verified, limit) > 0 ? cutAtKey : walk.verified;
	const read = walk.read.map((entry) =>
		compareKeys(entry.key, limit) <= 0 ? entry : { ...entry, unread: true },
	);
	return { ...walk, found, verified, read, complete: false };
}

/** How many records (oldest first) are at or below `floor`, from what the walk read. */
function positionBelow(walk: Walk, floor: Key, from = walk.cursor.position): number {
	if (walk.read.length > 0 && walk.read[0].position === -1) {
		return Math.max(
			0,
			walk.total - walk.read.filter(({ key }) => compareKeys(key, floor) > 0).length,
		);
	}
	let position = from;
	for (const { key, position: at } of walk.read) {
		if (compareKeys(key, floor) <= 0) position = Math.max(position, at + 1);
	}
	return position;
}
