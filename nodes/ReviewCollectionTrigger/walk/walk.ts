/**
 * One walk over a list from a cursor, pure: which page to ask for next, what an answer means. The node
 * sends the requests (../reading/watch.ts) and decides when the budget is spent.
 *
 * 1. Probe: page 1 newest first. When it reaches the floor (or is the whole list), it holds everything
 *    new: one request, one snapshot (the idle poll). Skipped when the last walk stopped in a backlog.
 * 2. Otherwise the backlog is read OLDEST first, from the floor, so a poll stopped by its budget has
 *    handled a prefix and the next one goes on from there. Offset pages shift when records are deleted
 *    below the read position, so every request includes the last record already verified (its page
 *    size is chosen so: ./paging.ts) and an answer whose first record is newer than it is not trusted
 *    (something was deleted below: step back). Every record between the verified one and the page's
 *    last is then on the page: the walk needs no second read. New records come at the end of the list,
 *    so inserts never hide one; a walk reads up to the list's size at its first answer, and records
 *    inserted while it reads are the next poll's.
 */
import { isLastPage, listPage } from '../../ReviewCollection/transport/list-page';
import type { Key, ListRecord } from '../state/cursor';
import { compareKeys, ID_MAX } from '../state/cursor';
import type { PageAsk } from './paging';
import {
	checkNotReversed,
	checkOrder,
	happened,
	inKeyOrder,
	keyOrThrow,
	learnShape,
	pageFor,
	pageWith,
} from './paging';
import { countRun, startCounting } from './walk-count';
import { consider, endOfPage } from './walk-records';
import type { AscPage, Walk } from './walk-state';
import { lastRunStart, noteServed } from './walk-ties';

/** Steps back (each doubling) after deletions before the poll gives up. */
const MAX_STEPS_BACK = 12;

/** The list paged in a way the walk cannot follow (repeated pages, endless deletions). */
export class UnstableListError extends Error {}

/** The next page to ask for (undefined when the walk is done). */
export function nextAsk(walk: Walk): PageAsk | undefined {
	if (walk.phase === 'done') return undefined;
	const { size, fixed } = walk.shape;
	if (walk.phase === 'probe') return { direction: 'desc', page: 1, perPage: size };
	// With a page held, the last record's page again.
	return { direction: 'asc', ...(walk.held ? pageWith : pageFor)(walk.at, size, fixed) };
}

/** Takes the answer to `nextAsk(walk)`. */
export function takeAnswer(
	walk: Walk,
	ask: PageAsk,
	answer: { data?: unknown; pagination?: unknown },
) {
	const { records: listed, lastPage, total, perPage } = listPage(answer, ask.page, ask.perPage);
	walk.requests++;
	walk.shape = learnShape(walk.shape, ask.perPage, perPage);
	// Pages of another size than asked lie elsewhere than planned: asked again, of the size learned.
	if (ask.direction === 'asc' && perPage !== ask.perPage) return;
	const listedKeys = listed.map((record) => keyOrThrow(walk.event, record));
	checkOrder(listed, listedKeys, ask.direction);
	if (ask.direction === 'asc') checkNotReversed(listed, listedKeys);
	for (const record of listed) walk.topId = Math.max(walk.topId, record.id);
	const lastOfList = isLastPage(listed.length, perPage, ask.page, lastPage);
	if (ask.direction === 'asc')
		noteServed(walk.served, (ask.page - 1) * perPage, listed, listedKeys, total);
	// Equal moments as the walk steps over them (by id), whatever order the service gave them in.
	const inOrder = ask.direction === 'asc' ? inKeyOrder(listed, listedKeys) : undefined;
	const { records, keys, cut } = happened(
		walk.end,
		inOrder?.records ?? listed,
		inOrder?.keys ?? listedKeys,
	);
	const left = total !== undefined ? total - cut : undefined;
	if (ask.direction === 'desc') return takeProbe(walk, records, keys, left, lastOfList);
	const page: AscPage = {
		start: (ask.page - 1) * perPage,
		records,
		keys,
		total: left,
		listTotal: total,
		lastOfList: lastOfList || cut > 0,
		sawTop: lastOfList && cut === 0 && !walk.resumed,
	};
	if (walk.counting) {
		// A run being counted: every page counts as read, none is held.
		walk.held = undefined;
		return countRun(walk, page);
	}
	const { held } = walk;
	walk.held = undefined;
	if (held) {
		// The last record's page read again: up to the last position read, nothing newer than the last
		// record read (nothing moved back below the held page since it was read): the held page follows
		// it without a gap. Else this page is read as any other.
		const index = walk.at - page.start;
		if (index >= 0 && index < keys.length && compareKeys(keys[index], walk.verified) <= 0)
			return takeAscending(walk, held);
		page.again = true;
	} else if (page.start > 0 && page.start === walk.at + 1) {
		walk.held = page;
		return;
	}
	takeAscending(walk, page);
}

function takeProbe(walk: Walk, records: ListRecord[], keys: Key[], total = 0, lastOfList = false) {
	const reachedFloor = keys.some((key) => compareKeys(key, walk.cursor.floor) <= 0);
	if (!reachedFloor && !lastOfList && unchangedSinceLast(walk, keys, total)) {
		// More than a page above the floor (a busy Late Event Window), but nothing new on top and as many
		// records as when the last walk ended: nothing was added (a late one would add one). Idle.
		walk.listTotal = total;
		walk.complete = true;
		walk.phase = 'done';
		return;
	}
	if (!reachedFloor && !lastOfList) {
		// A backlog: read it oldest first from the floor.
		walk.phase = 'asc';
		return;
	}
	records.forEach((record, index) => consider(walk, record, keys[index]));
	walk.sawTop = true;
	walk.total = total || records.length;
	walk.listTotal = total;
	walk.read = keys.map((key) => ({ key, position: -1 }));
	walk.complete = true;
	walk.phase = 'done';
}

export function takeAscending(walk: Walk, page: AscPage) {
	const { start, records, keys, total, lastOfList } = page;
	if (page.sawTop) walk.sawTop = true;
	if (walk.firstTotal === undefined) {
		walk.firstTotal = total;
		walk.endAt = total !== undefined ? total - 1 : undefined;
	}
	// A held page, confirmed: it follows the last record read without a gap.
	const touching = start === walk.at + 1;
	if (!touching && start > 0 && (records.length === 0 || compareKeys(keys[0], walk.verified) > 0)) {
		// Records were deleted below: this page may have skipped some. Step back.
		if (++walk.stepsBack > MAX_STEPS_BACK) {
			throw new UnstableListError(
				'The list kept shifting while it was read (records deleted faster than it could be paged); the next poll tries again',
			);
		}
		const back = walk.shape.size * 2 ** (walk.stepsBack - 1);
		walk.at = Math.min(walk.at, total !== undefined ? total - 1 : walk.at, start - 1) - back;
		walk.at = Math.max(-1, walk.at);
		return;
	}
	let upTo = records.length;
	/** The page's last moment, to count once the records before it are read (its order moved). */
	let countMoment: number | undefined;
	if (!lastOfList && records.length > 0) {
		const last = lastRunStart(keys);
		const moment = keys[keys.length - 1][0];
		// The page ends with a few records of one moment that may go on past it: they are left to the
		// next page, which starts before them. (One record there: the next page starts at it, `runStart`;
		// more than half a page: a long run, stepped over by id while its order holds.)
		const run = records.length - last;
		if (!walk.shape.fixed && run > 1 && run <= walk.shape.size / 2 && start + last - 1 > walk.at)
			upTo = last;
		else if (
			walk.served.anomalies.has(moment) &&
			compareKeys([moment, ID_MAX], walk.verified) > 0
		) {
			// (A run wholly at or below the verified key is handled: nothing in it to count.)
			countMoment = moment;
			upTo = last;
		}
	}
	// Stepped into a run by id, and that run has moved since: count it from where it starts.
	const verifiedMoment = walk.verified[0];
	if (!walk.verifiedWhole && countMoment === undefined && walk.served.anomalies.has(verifiedMoment))
		return startCounting(walk, page, verifiedMoment);
	walk.verifiedWhole = upTo < records.length || lastOfList;
	// This page shows the verified record's moment from where it starts: its records not yet read count.
	const runShown = walk.runStart !== undefined && start <= walk.runStart;
	records.slice(0, upTo).forEach((record, index) => {
		const key = keys[index];
		const inRun = runShown && key[0] === verifiedMoment && !walk.runIds.has(record.id);
		if (inRun || compareKeys(key, walk.verified) > 0) consider(walk, record, key);
		walk.read.push({ key, position: start + index });
	});
	noteRun(walk, page, upTo);
	const lastIndex = upTo - 1;
	if (lastIndex >= 0 && compareKeys(keys[lastIndex], walk.verified) > 0)
		walk.verified = keys[lastIndex];
	const nextAt = start + lastIndex;
	if (countMoment !== undefined) {
		walk.at = Math.max(walk.at, nextAt);
		return startCounting(walk, page, countMoment);
	}
	if (lastIndex >= 0 && nextAt <= walk.at && !lastOfList && !page.again) {
		throw new UnstableListError(`A page of the list repeats records already read`);
	}
	walk.at = Math.max(walk.at, nextAt);
	endOfPage(walk, page);
}

/** Where the run of the page's last moment starts, when the page shows it, and its records read. */
function noteRun(walk: Walk, page: AscPage, upTo: number) {
	const { start, records, keys } = page;
	const taken = keys.slice(0, upTo);
	const from = lastRunStart(taken);
	const moment = taken.length ? taken[taken.length - 1][0] : undefined;
	if (upTo < records.length || page.lastOfList || moment === undefined) {
		walk.runStart = undefined;
		walk.runIds.clear();
	} else if (from > 0 || start === 0) {
		walk.runStart = start + from;
		walk.runIds = new Set(records.slice(from, upTo).map((record) => record.id));
	} else if (moment === walk.verified[0] && walk.runStart !== undefined) {
		for (const record of records.slice(0, upTo)) walk.runIds.add(record.id);
	} else {
		walk.runStart = undefined;
		walk.runIds.clear();
	}
}

/** Every record of page 1 handled, and the list as long as when the last walk read it to its end. */
function unchangedSinceLast(walk: Walk, keys: Key[], total: number): boolean {
	const last = walk.cursor.total;
	if (last === undefined || total !== last || keys.length === 0 || walk.cursor.since !== undefined)
		return false;
	return keys.every(
		(key) => compareKeys(key, walk.cursor.floor) <= 0 || walk.seen.has(`${key[0]}:${key[1]}`),
	);
}

export { ID_MAX };
export { startWalk } from './walk-state';
export type { AscPage, Walk } from './walk-state';
export { recordTime } from './walk-records';
