/**
 * Late appearance (contract §8, "Late appearance"), pure: New Review and New Customer, whose moment is the id. Under
 * concurrent writes the commit order is not the id order, and a read replica lags: review 46 may be
 * listed seconds after 47. So the floor does not follow the newest id: it rises to an id only once a
 * walk that read the list to its end started a Late Event Window after a poll had listed that id
 * (`Cursor.marks`). Every id above the floor that was read is in `seen` (fired, or there at the first
 * look); one that joins the list later is above the floor and not in `seen`: it fires, once.
 *
 * An idle poll stays one request: page 1, newest first, reaches the floor unless more than a page of
 * records were listed within the window; then the list's size tells (./walk.ts, `total`), as for the
 * Late Event Window of timestamp events.
 */
import type { Cursor, Key } from '../state/cursor';
import { compareKeys, ID_MAX } from '../state/cursor';

/** Marks kept per list: older ones are merged away (the floor then rises later, never too early). */
export const MAX_MARKS = 48;

/**
 * The highest floor a walk that started at `walkStart` (Unix seconds) may set: the newest id a poll
 * listed at least a window before it; the cursor's own floor when none did.
 */
export function joinFloor(cursor: Cursor, walkStart: number, windowSeconds: number): Key {
	let floor = cursor.floor;
	for (const [at, id] of cursor.marks ?? []) {
		const key: Key = [id, ID_MAX];
		if (at <= walkStart - windowSeconds && compareKeys(key, floor) > 0) floor = key;
	}
	return floor;
}

/**
 * The cursor with this poll's mark: `topId` listed by `at`. Marks a window old are dropped but the
 * newest of them (what the next floor may rise to); beyond MAX_MARKS the closest in time are merged.
 */
export function withMark(cursor: Cursor, at: number, topId: number, windowSeconds: number): Cursor {
	const marks = [...(cursor.marks ?? [])];
	const last = marks.at(-1);
	if (topId > 0 && (!last || topId > last[1])) marks.push([at, topId]);
	const old = marks.filter(([time]) => time <= at - windowSeconds).length;
	if (old > 1) marks.splice(0, old - 1);
	while (marks.length > MAX_MARKS) {
		let closest = 1;
		for (let i = 2; i < marks.length - 1; i++)
			if (marks[i][0] - marks[i - 1][0] < marks[closest][0] - marks[closest - 1][0]) closest = i;
		marks.splice(closest, 1);
	}
	const floorId = cursor.floor[0];
	const kept = marks.filter(([, id]) => id > floorId);
	return { ...cursor, marks: kept };
}

/** A first look keeps the newest this many ids in `seen`: page 1 still reaches the floor after new ones. */
export const FIRST_LOOK_SEEN = 50;

/** Reviews flagged duplicate where the trigger starts: ids newest first, and whether more lie below. */
export interface HiddenAtStart {
	ids: number[];
	more: boolean;
}

/**
 * A first look's cursor (it fires nothing): the newest FIRST_LOOK_SEEN ids it read are handled one by
 * one in `seen`, the floor below them (below every id when there are no more), so that a record listed
 * late among them fires. The reviews flagged duplicate (`hidden`) are there too, unlisted: those above
 * the floor are handled one by one (un-flagged later, they do not fire); when more of them lie below the
 * ones listed, the floor rises to the lowest listed (a record listed late below it does not fire).
 */
export function firstLookJoins(
	cursor: Cursor,
	keys: Key[],
	total: number,
	hidden: HiddenAtStart,
	at: number,
): Cursor {
	const sorted = [...keys].sort(compareKeys);
	const below = sorted.length - FIRST_LOOK_SEEN - 1;
	let floor: Key = below < 0 && sorted.length >= total ? [-1, ID_MAX] : sorted[Math.max(0, below)];
	const lowestHidden = Math.min(...hidden.ids);
	if (hidden.more && hidden.ids.length > 0 && lowestHidden - 1 > floor[0])
		floor = [lowestHidden - 1, ID_MAX];
	const seen = sorted.filter((key) => compareKeys(key, floor) > 0);
	for (const id of hidden.ids)
		if (id > floor[0] && !seen.some(([known]) => known === id)) seen.push([id, id]);
	seen.sort(compareKeys);
	const topId = Math.max(sorted.at(-1)?.[0] ?? 0, ...hidden.ids);
	const above = seen.filter(([id]) => keys.some((key) => key[0] === id)).length;
	return {
		...cursor,
		moment: Math.max(cursor.moment, topId),
		floor,
		seen,
		position: Math.max(0, total - above),
		marks: topId > 0 ? [[at, topId]] : [],
	};
}
