/**
 * One walk over a list from a cursor, pure: which page to ask for next, what an answer means. The node
 * sends the requests (./watch.ts) and decides when the budget is spent.
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
import { isLastPage, listPage } from '../ReviewCollection/transport/list-page';
import type { Cursor, Key, ListRecord } from './cursor';
import { compareKeys, ID_MAX } from './cursor';
import type { TriggerEvent } from './events';
import { EVENTS } from './events';
import type { PageAsk, PageShape } from './paging';
import {
	checkOrder,
	FIRST_SHAPE,
	happened,
	keyOrThrow,
	learnShape,
	pageFor,
	pageWith,
} from './paging';

/** Steps back (each doubling) after deletions before the poll gives up. */
const MAX_STEPS_BACK = 12;

/** The list paged in a way the walk cannot follow (repeated pages, endless deletions). */
export class UnstableListError extends Error {}

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
	 * Records above this key have not happened at this poll (a reply due time still ahead, ./unanswered.ts):
	 * they are the newest of the order and end the list. Nothing appears later below what the walk has
	 * read without having appeared after its moment: the floor follows the walk (up to `end`).
	 */
	end?: Key;
	/**
	 * Reading from `since`: the key at or below which everything is handled once the walk has read its
	 * (date-filtered) list to the end: `since` itself for timestamp moments; for "appears" events the
	 * newest id of the whole list when the walk began (./watch.ts asks for it).
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
	};
}

/** The next page to ask for (undefined when the walk is done). */
export function nextAsk(walk: Walk): PageAsk | undefined {
	if (walk.phase === 'done') return undefined;
	const { size, fixed } = walk.shape;
	if (walk.phase === 'probe') return { direction: 'desc', page: 1, perPage: size };
	// With a page held, the last record's page again.
	return { direction: 'asc', ...(walk.held ? pageWith : pageFor)(walk.at, size, fixed) };
}

/** An ascending page as the walk takes it. */
interface AscPage {
	start: number;
	records: ListRecord[];
	keys: Key[];
	total?: number;
	lastOfList: boolean;
	/** Read from the floor to the list's own end (no record above `end`): every record was listed. */
	sawTop: boolean;
	/** The last record's page read again for a held page (it may end at the last record read). */
	again?: boolean;
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
	for (const record of listed) walk.topId = Math.max(walk.topId, record.id);
	const lastOfList = isLastPage(listed.length, perPage, ask.page, lastPage);
	const { records, keys, cut } = happened(walk.end, listed, listedKeys);
	const left = total !== undefined ? total - cut : undefined;
	if (ask.direction === 'desc') return takeProbe(walk, records, keys, left, lastOfList);
	const page: AscPage = {
		start: (ask.page - 1) * perPage,
		records,
		keys,
		total: left,
		lastOfList: lastOfList || cut > 0,
		sawTop: lastOfList && cut === 0 && !walk.resumed,
	};
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

function takeAscending(walk: Walk, page: AscPage) {
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
	records.forEach((record, index) => {
		if (compareKeys(keys[index], walk.verified) > 0) consider(walk, record, keys[index]);
		walk.read.push({ key: keys[index], position: start + index });
	});
	const lastIndex = records.length - 1;
	if (lastIndex >= 0 && compareKeys(keys[lastIndex], walk.verified) > 0)
		walk.verified = keys[lastIndex];
	const nextAt = start + lastIndex;
	if (lastIndex >= 0 && nextAt <= walk.at && !lastOfList && !page.again) {
		throw new UnstableListError(`A page of the list repeats records already read`);
	}
	walk.at = Math.max(walk.at, nextAt);
	if (lastOfList && walk.resumed) {
		// Gone on from the last stop to the end: what was recorded late below that stop, or a list whose
		// order the service ignored (sort_dir; a page of one record shows none), is found only from the
		// floor: read it again, newest first, in this poll (at Max Events per Poll, in the next).
		if (walk.want !== undefined && walk.found.size >= walk.want) {
			walk.phase = 'done';
			return;
		}
		walk.resumed = false;
		walk.rereadTo = walk.cursor.resume;
		walk.verified = walk.cursor.floor;
		walk.at = walk.cursor.position - 1;
		walk.phase = 'probe';
		return;
	}
	if (lastOfList) {
		walk.complete = true;
		// A list that grew (or shrank) while read may hold a record behind what was read: no idle check
		// next time on its size (issue 32, loss 1).
		walk.listTotal = total === walk.firstTotal ? total : undefined;
		walk.phase = 'done';
	} else if (walk.want !== undefined && walk.found.size >= walk.want) {
		walk.phase = 'done';
	} else if (walk.rereadTo && compareKeys(walk.verified, walk.rereadTo) >= 0) {
		// From the floor up to the last stop, and from it to the end before: all read (no total kept).
		walk.complete = true;
		walk.phase = 'done';
	} else if (walk.endAt !== undefined && walk.at >= walk.endAt) {
		// Read up to where the list ended at the walk's first answer: the rest is the next poll's.
		walk.phase = 'done';
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

function consider(walk: Walk, record: ListRecord, key: Key) {
	if (compareKeys(key, walk.cursor.floor) <= 0 || walk.seen.has(`${key[0]}:${key[1]}`)) return;
	const since = walk.cursor.since;
	if (since !== undefined && !(recordTime(walk.event, record, key) > since)) return;
	walk.found.set(record.id, record);
}

/** When a record's event happened, in Unix seconds: its creation for "appears" events, else the moment. */
export function recordTime(event: TriggerEvent, record: ListRecord, key: Key): number {
	if (EVENTS[event].moment !== 'id') return key[0];
	const created = record.created_at;
	return typeof created === 'number' ? created : 0;
}

export { ID_MAX };
