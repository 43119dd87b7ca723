/**
 * The first look of a fresh cursor, pure: pages newest first until the Late Event Window below the
 * newest moment is covered (every record of the newest second, however many share it); it emits nothing.
 *
 * Each page after the first starts at the last record read. When that place holds another record than
 * was read there (one not read yet, or read with another moment), records above moved away (a moment
 * set earlier, a deletion) and the page may have skipped some that were there at activation: the look
 * starts again from page 1 (at most MAX_RESTARTS times). Inserts above only repeat records, read once.
 * Another record of the moment read there is no move: equal moments may come in any order (contract
 * §11); a run of them that crosses a page is read whole, or counted (../../ReviewCollection/transport/
 * equal-values.ts), so every record of it is seen.
 */
import type { Tail } from '../../ReviewCollection/transport/equal-values';
import { EqualRun, showsWholeRun, tailOf } from '../../ReviewCollection/transport/equal-values';
import type { ListedRecord } from '../../ReviewCollection/transport/list-page';
import { isLastPage, listPage } from '../../ReviewCollection/transport/list-page';
import type { Cursor, Key } from '../state/cursor';
import { advance, compareKeys, ID_MAX, initialCursor } from '../state/cursor';
import type { TriggerEvent } from '../events/events';
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

const MAX_RESTARTS = 3;

export interface FirstLook {
	event: TriggerEvent;
	/** The pages the service gives, as its answers show them (./paging.ts). */
	shape: PageShape;
	windowSeconds: number;
	keys: Key[];
	total: number;
	done: boolean;
	complete: boolean;
	/** As Walk.end: records above it have not happened; the first look handles everything up to it. */
	end?: Key;
	/** The highest id listed (whether its moment happened or not). */
	topId: number;
	/** Newest-first position of the last record read (-1: none yet). */
	at: number;
	/** The records read: id -> key (String(key): "moment,id"). */
	read: Map<number, string>;
	restarts: number;
	/** pagination.total of the last answer. */
	lastTotal?: number;
	/** The run of the lowest moment read, and one being counted (reordered between requests). */
	tail?: Tail;
	run?: EqualRun;
	/** A page showed equal moments out of id order: the service reorders them (else a move is a move). */
	reordered?: boolean;
}

export function startFirstLook(
	event: TriggerEvent,
	windowSeconds: number,
	shape: PageShape = FIRST_SHAPE,
): FirstLook {
	return {
		event,
		shape,
		windowSeconds,
		keys: [],
		total: 0,
		done: false,
		complete: false,
		topId: 0,
		at: -1,
		read: new Map(),
		restarts: 0,
	};
}

export function firstLookAsk(look: FirstLook): PageAsk {
	const { size, fixed } = look.shape;
	if (look.run) return { direction: 'desc', ...pageWith(look.run.position, size, fixed) };
	return { direction: 'desc', ...pageFor(look.at, size, fixed) };
}

export function takeFirstLookAnswer(
	look: FirstLook,
	answer: { data?: unknown; pagination?: unknown },
) {
	const ask = firstLookAsk(look);
	const { records, lastPage, total, perPage } = listPage(answer, ask.page, ask.perPage);
	look.shape = learnShape(look.shape, ask.perPage, perPage);
	// A later page of another size than asked lies elsewhere than planned: asked again, of the size learned.
	if (ask.page > 1 && perPage !== ask.perPage) return;
	const start = (ask.page - 1) * perPage;
	// Pages of a fixed size start after the last record read when it ends one: they count while the
	// list's size is unchanged (nothing moved in between), else the look starts again.
	const touching =
		start > 0 && start === look.at + 1 && total !== undefined && total === look.lastTotal;
	look.lastTotal = total;
	if (start === 0) look.total = total ?? records.length;
	const listedKeys = records.map((record) => keyOrThrow(look.event, record));
	for (const record of records) look.topId = Math.max(look.topId, record.id);
	checkOrder(records, listedKeys, 'desc');
	const atEnd = isLastPage(records.length, perPage, ask.page, lastPage);
	const momentOfRecord = (record: ListedRecord) => keyOrThrow(look.event, record)[0];
	if (look.run) return countRun(look, look.run, records, start, total, atEnd);
	look.reordered ||= listedKeys.some(
		([moment, id], i) => i > 0 && moment === listedKeys[i - 1][0] && id > listedKeys[i - 1][1],
	);
	const joint = look.at - start;
	// On a service that reorders equal moments, another record of the moment read there is no move.
	const lowest = look.keys.at(-1);
	const moved =
		records[joint] &&
		look.read.get(records[joint].id) !== String(listedKeys[joint]) &&
		!(look.reordered && listedKeys[joint][0] === lowest?.[0]);
	if (!touching && look.at >= 0 && look.restarts < MAX_RESTARTS && (!records[joint] || moved)) {
		restart(look);
		return;
	}
	const { tail } = look;
	if (
		look.reordered &&
		tail &&
		!showsWholeRun(records, start, tail, momentOfRecord, atEnd, total)
	) {
		// The lowest moment read goes on here, and records of it may stand before this page now: count it.
		const taken = [...look.read].filter(([, key]) => Number(key.split(',')[0]) === tail.value);
		const seen = taken.map(([id]) => ({ id }));
		const run = new EqualRun(tail, seen, look.at + 1, momentOfRecord, look.shape.size);
		look.run = run;
		return countRun(look, run, records, start, total, atEnd);
	}
	const { records: kept, keys, cut } = happened(look.end, records, listedKeys);
	look.total -= cut;
	keep(look, kept, keys);
	look.at = start + records.length - 1;
	look.tail = tailOf(records, start, momentOfRecord, tail, total, atEnd);
	finishPage(look, keys, atEnd);
}

/** The records of a page (in key order or not) as read: each once. */
function keep(look: FirstLook, records: ListedRecord[], keys: Key[]) {
	records.forEach((record, index) => {
		if (look.read.has(record.id)) return;
		look.read.set(record.id, String(keys[index]));
		look.keys.push(keys[index]);
	});
}

/** One answer while a run of equal moments is counted; once complete the look goes on after it. */
function countRun(
	look: FirstLook,
	run: EqualRun,
	records: ListedRecord[],
	start: number,
	total: number | undefined,
	atEnd: boolean,
) {
	const complete = run.add(records, start, total, atEnd);
	if (!complete && !run.exhausted) return;
	// Complete, or read as often as a run is (the next poll's walk goes on as after any first look).
	look.run = undefined;
	const fresh = [...run.found.values()].filter((record) => !look.read.has(record.id));
	const keys = fresh.map((record) => keyOrThrow(look.event, record));
	const { records: kept, keys: keptKeys, cut } = happened(look.end, fresh, keys);
	look.total -= cut;
	keep(look, kept, keptKeys);
	look.keys.sort((a, b) => compareKeys(b, a));
	look.at = Math.max(look.at, run.endsAt - 1);
	look.tail = { value: run.value, start: run.endsAt, total, complete: true };
	const moment = Number(run.value);
	finishPage(look, [[moment, 0]], total !== undefined && run.endsAt >= total);
}

/** The look ends past the Late Event Window below the newest moment, or at the list's end. */
function finishPage(look: FirstLook, keys: Key[], atEnd: boolean) {
	const newest = look.keys[0]?.[0] ?? 0;
	const pastWindow = keys.some((key) => key[0] < newest - look.windowSeconds);
	if (pastWindow || atEnd) {
		look.done = true;
		look.complete = true;
	}
}

/** Records above the last one read moved away: read again from page 1. */
function restart(look: FirstLook) {
	look.restarts++;
	look.keys = [];
	look.read.clear();
	look.at = -1;
	look.tail = undefined;
}

/**
 * The cursor a first look stores (it emits nothing). `startedAt` (Unix seconds): with a Late Event
 * Window, the window counts below the first look's start, or below the newest moment listed if that is
 * newer (contract §7, §8): nothing older is a late moment to fire, even when the newest listed is days
 * old (a moment of last night reported after activation is not late, it is before activation).
 */
export function finishFirstLook(look: FirstLook, scope: string, startedAt?: number): Cursor {
	// Cut short on a service that reorders equal moments: the lowest moment read may have records not
	// read yet above the lowest key read; all of that moment was there at activation.
	const lowestKey = look.keys.at(-1);
	const lowest: Key | undefined =
		lowestKey && look.reordered && !look.complete ? [lowestKey[0], ID_MAX] : lowestKey;
	let cursor = initialCursor(scope, look.keys, look.windowSeconds, 0, lowest, look.complete);
	const before: Key | undefined =
		startedAt !== undefined && look.windowSeconds > 0
			? [startedAt - 1 - look.windowSeconds, ID_MAX]
			: undefined;
	for (const floor of [look.end, before]) {
		if (floor && compareKeys(floor, cursor.floor) > 0)
			cursor = advance({ ...cursor, floor }, [], look.windowSeconds, 0, true);
	}
	const above = look.keys.filter((key) => compareKeys(key, cursor.floor) > 0).length;
	return {
		...cursor,
		position: Math.max(0, look.total - above),
		...(look.complete ? { total: look.total } : {}),
	};
}
