/**
 * Equal moments in any order (contract §11), pure: the walk's part (./walk.ts). A service over SQL may
 * return records of equal moments in another order on every request. Within one answer the list is
 * still sorted by moment, so the walk sorts each page by key itself and only a run of equal moments
 * that crosses a page boundary is at risk:
 * - a run that fits in a page is read whole: the page's last run is left to the next page, which
 *   starts before it (overlapping pages);
 * - a longer run (or pages of a fixed size) is stepped over by id, as long as what the walk saw is one
 *   order by id: every position showed one record, every record one position, equal moments by id.
 *   Anything else (`anomaly`) makes the walk count the run: its records against its places, read
 *   again from where it starts until all are found (or the poll stops before it and tries again).
 */
import type { Key, ListRecord } from '../state/cursor';
import { compareKeys } from '../state/cursor';

/** Reads of a counted run, over and over, before the walk leaves it to the next poll. */
export const MAX_SWEEPS = 12;

/** What the walk saw of the list's order: position → id, as served,, for one list size. */
export interface Served {
	total?: number;
	idAt: Map<number, number>;
	momentOf: Map<number, number>;
	/** Moments whose records came in another order than by id, or moved between requests. */
	anomalies: Set<number>;
}

/** A run of equal moments the walk counts (reordered between requests). */
export interface CountedRun {
	moment: number;
	/** Everything up to this key is handled: the record before the run, or [moment, 0]. */
	before: Key;
	/** asc positions: where the run starts and ends, as the answers with `total` show them. */
	start?: number;
	end?: number;
	total?: number;
	ids: Set<number>;
	sweeps: number;
	reads: number;
}

export function newServed(): Served {
	return { idAt: new Map(), momentOf: new Map(), anomalies: new Set() };
}

/** Notes one answer (records as served, from asc position `start`); a changed list size starts afresh. */
export function noteServed(
	served: Served,
	start: number,
	listed: ListRecord[],
	keys: Key[],
	total: number | undefined,
): void {
	if (total !== served.total) {
		served.total = total;
		served.idAt.clear();
	}
	listed.forEach((record, index) => {
		const at = start + index;
		const moment = keys[index][0];
		if (index > 0 && keys[index - 1][0] === moment && listed[index - 1].id > record.id)
			served.anomalies.add(moment);
		// Another record of the same moment where one was before: equal moments moved (a change of the
		// list with the same size moves records of other moments too: that is the walk's step back).
		const there = served.idAt.get(at);
		if (there !== undefined && there !== record.id && served.momentOf.get(there) === moment)
			served.anomalies.add(moment);
		served.momentOf.set(record.id, moment);
		served.idAt.set(at, record.id);
	});
}

/** Index of the first record of the page's last moment (keys in key order). */
export function lastRunStart(keys: Key[]): number {
	let from = keys.length - 1;
	while (from > 0 && keys[from - 1][0] === keys[keys.length - 1][0]) from--;
	return Math.max(0, from);
}

/** The first and past-last index of `moment` on a page in key order ([n, n] when absent). */
export function runIndices(keys: Key[], moment: number): { from: number; to: number } {
	let from = keys.findIndex((key) => key[0] === moment);
	if (from < 0) from = keys.length;
	let to = from;
	while (to < keys.length && keys[to][0] === moment) to++;
	return { from, to };
}

/** The highest key of the counted run once complete: [moment, its highest id]. */
export function runTop(run: CountedRun): Key {
	return [run.moment, Math.max(...run.ids)];
}

/** Has the counted run as many records as places (in answers of one list size)? */
export function runComplete(run: CountedRun): boolean {
	return run.start !== undefined && run.end !== undefined && run.ids.size >= run.end - run.start;
}

/** Keys above `before` (everything before the run is handled). */
export function aboveBefore(run: CountedRun, key: Key): boolean {
	return compareKeys(key, run.before) > 0;
}
