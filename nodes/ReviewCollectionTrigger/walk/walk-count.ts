/**
 * Counting a run of equal moments that the service reorders between requests (./walk-ties.ts), pure:
 * from the record before the run, its records are gathered page after page until a later moment shows
 * where it ends, then read again from its start until as many records are found as it has places (in
 * answers of one list size). Each record found is considered as the walk's others (./walk.ts); until the
 * run is complete the walk's verified key stays before it, so a poll that stops there reads it again
 * next time (what fired is in the cursor's `seen`: nothing fires twice).
 */
import type { Key } from '../state/cursor';
import { consider, endOfPage } from './walk-records';
import type { AscPage, Walk } from './walk-state';
import { aboveBefore, MAX_SWEEPS, runComplete, runIndices, runTop } from './walk-ties';

/** Reads of one run within a poll before the walk leaves it to the next poll (whatever they found). */
const MAX_READS = 200;

/** Starts counting the run of `moment`, with this page as its first answer. */
export function startCounting(walk: Walk, page: AscPage, moment: number): void {
	walk.served.anomalies.delete(moment);
	// Everything before the run is handled; what the walk stepped over in it by id is counted again.
	const before: Key = walk.verified[0] < moment ? walk.verified : [moment, 0];
	walk.verified = before;
	walk.verifiedWhole = false;
	walk.counting = { moment, before, total: sizeOf(page), ids: new Set(), sweeps: 0, reads: 0 };
	countRun(walk, page);
}

/** One answer while a run is counted. */
export function countRun(walk: Walk, page: AscPage): void {
	const run = walk.counting!;
	const { start, records, keys, lastOfList } = page;
	const size = walk.shape.size;
	if (++run.reads > MAX_READS) return stop(walk);
	if (sizeOf(page) !== run.total) {
		// The list changed size: places counted before no longer hold. From the run's start again.
		run.total = sizeOf(page);
		run.ids.clear();
		run.end = undefined;
		walk.at = Math.max(-1, Math.min(walk.at, (run.start ?? start) - 1) - size);
		run.start = undefined;
		return;
	}
	const { from, to } = runIndices(keys, run.moment);
	if (from === records.length) {
		const lastMoment = keys[keys.length - 1]?.[0];
		if (lastMoment !== undefined && lastMoment < run.moment && !lastOfList) {
			// The page ends before the run (a step back went past its start): on from this page's end.
			walk.at = start + records.length - 1;
			return;
		}
		// Not on the list's first page either: the run is gone (deleted, or not happened): stop here.
		if (start === 0 && run.start === undefined) return stop(walk);
		// Not on this page: the run lies before it (or ended where it starts).
		if (run.start === undefined || start <= run.start) {
			walk.at = Math.max(-1, start - 1 - size);
			return;
		}
		run.end ??= start;
	} else if (from > 0 || start === 0) {
		run.start = start + from;
	} else if (run.start === undefined) {
		// The page starts inside the run: read further back.
		walk.at = Math.max(-1, start - 1 - size);
		return;
	}
	for (let index = from; index < to; index++) {
		run.ids.add(records[index].id);
		if (aboveBefore(run, keys[index])) consider(walk, records[index], keys[index]);
	}
	if (to < records.length || (lastOfList && from < records.length)) run.end ??= start + to;
	if (runComplete(run)) {
		walk.counting = undefined;
		walk.verified = runTop(run);
		walk.verifiedWhole = true;
		walk.read.push({ key: walk.verified, position: run.end! - 1 });
		walk.at = run.end! - 1;
		endOfPage(walk, { ...page, lastOfList: lastOfList && to === records.length });
		return;
	}
	if (walk.want !== undefined && walk.found.size >= walk.want) {
		walk.phase = 'done';
		return;
	}
	if (run.end === undefined) {
		walk.at = start + records.length - 1;
		return;
	}
	// Read to its end and not all found: again from its start (a few times, then the next poll).
	if (start + records.length >= run.end) {
		if (++run.sweeps > MAX_SWEEPS) return stop(walk);
		walk.at = Math.max(-1, run.start! - 1);
	} else walk.at = start + records.length - 1;
}

/**
 * The list's size as the service gave it: not where it ends for this poll, which is shorter on a page
 * with records past the walk's end (Review Unanswered's not due yet), and would read as a change.
 */
function sizeOf(page: AscPage): number | undefined {
	return page.listTotal ?? page.total;
}

/** The walk stops before the run (its verified key stays there): the next poll reads it again. */
function stop(walk: Walk): void {
	walk.counting = undefined;
	walk.phase = 'done';
}
