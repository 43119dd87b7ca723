/**
 * How the trigger pages a list, pure: the page size, the page that includes the last verified record and
 * reaches furthest past it (so no second read is needed, ./walk.ts), and what every page must satisfy
 * (the order asked for, a time for the event's moment on every record).
 */
import { ListPageError } from '../../ReviewCollection/transport/list-page';
import type { Key, ListRecord } from '../state/cursor';
import { compareKeys } from '../state/cursor';
import type { TriggerEvent } from '../events/events';
import { momentOf } from '../events/events';
import { GUESSES } from '../../ReviewCollection/transport/guesses';

const SORT_DIR = GUESSES.sortDirection.name;

export const PAGE_SIZE = 100;
/** Smallest page size (share of the full one) used to line a page up with the verified record. */
const MIN_PAGE_SHARE = 0.6;

export type Direction = 'asc' | 'desc';
export interface PageAsk {
	direction: Direction;
	page: number;
	perPage: number;
}

/** The list came back in another order than asked for (e.g. a Query Parameter overrode it). */
export class OrderError extends Error {}

/**
 * The pages the service gives (contract §10: its largest and default page size are not shown, nor the
 * page-size parameter's name): `size` the largest it gave; `fixed` when it answers pages of its own size
 * whatever is asked (the size parameter is ignored), so only pages of that size can be asked for.
 */
export interface PageShape {
	size: number;
	fixed: boolean;
	/** An answer was smaller than asked: `size` is the service's largest page (honoured below it). */
	capped?: boolean;
}

export const FIRST_SHAPE: PageShape = { size: PAGE_SIZE, fixed: false };

/**
 * What an answer shows of the pages: the size asked for (nothing new), a smaller one the first time (the
 * service's largest page), else another size than a size it honours (it ignores the size asked for).
 */
export function learnShape(shape: PageShape, asked: number, answered: number): PageShape {
	if (answered === asked || (shape.fixed && answered === shape.size)) return shape;
	if (!shape.fixed && !shape.capped && answered < asked)
		return { size: answered, fixed: false, capped: true };
	return { size: answered, fixed: true };
}

/**
 * The page to read after asc position `at`: the one that includes `at` and reaches furthest past it.
 * When none goes past it (pages of a fixed size, or sizes so small that `at` ends a page of each), the
 * page that starts right after it: it only touches the records read, so the caller checks that nothing
 * moved in between (./walk.ts reads `at`'s page again: `pageWith`).
 */
export function pageFor(
	at: number,
	pageSize = PAGE_SIZE,
	fixed = false,
): { page: number; perPage: number } {
	const best = fixed ? pageWith(at, pageSize, true) : pageWith(at, pageSize);
	if (best.page * best.perPage - 1 > at) return best;
	return { page: Math.floor(Math.max(0, at + 1) / pageSize) + 1, perPage: pageSize };
}

/** The page that includes asc position `at` (from the first when `at` < 0) and reaches furthest past it. */
export function pageWith(
	at: number,
	pageSize = PAGE_SIZE,
	fixed = false,
): { page: number; perPage: number } {
	if (fixed || at < 0)
		return { page: Math.floor(Math.max(0, at) / pageSize) + 1, perPage: pageSize };
	let best = { page: 1, perPage: pageSize, end: 0 };
	const smallest = Math.ceil(pageSize * MIN_PAGE_SHARE);
	for (let size = pageSize; size >= 1; size--) {
		const index = Math.floor(at / size);
		const end = (index + 1) * size;
		if (end > best.end) best = { page: index + 1, perPage: size, end };
		const progress = best.end - 1 - at;
		// Nearly a whole page past the verified record: good enough; below the smallest share only
		// while nothing at all goes past it.
		if (progress >= Math.max(1, size - 3) || (size <= smallest && progress > 0)) break;
	}
	return { page: best.page, perPage: best.perPage };
}

/**
 * The order asked for, by moment: equal moments may come in any order (a service over SQL without a
 * unique tiebreaker reorders them on every request, contract §11), which is not the direction ignored.
 */
export function checkOrder(records: ListRecord[], keys: Key[], direction: Direction) {
	for (let i = 1; i < keys.length; i++) {
		const wrong = direction === 'asc' ? keys[i - 1][0] > keys[i][0] : keys[i - 1][0] < keys[i][0];
		if (wrong) {
			throw new OrderError(
				`The list did not come back in the order the trigger asked for (${SORT_DIR}=${direction}, ${direction === 'asc' ? 'oldest' : 'newest'} first): record ${records[i].id} is out of place. The service ignored the sort direction parameter ${SORT_DIR}, or a Query Parameter overrides the order.`,
			);
		}
	}
}

/** Records of one moment in reverse id order, in a row, that show a direction ignored (1 in 12! by chance). */
export const REVERSED_RUN = 12;

/**
 * An answer oldest first with REVERSED_RUN records of one moment in a row in reverse id order: the
 * service gave it newest first (it ignored sort_dir; ties by id follow the direction asked). Moments
 * alone cannot show it on a page of one moment (contract §11: equal moments may come in any order); a
 * service that reorders them lists such a row by chance about once in 12! (a service that orders equal
 * moments by id descending whichever the direction fails here too, as before they could come in any order).
 */
export function checkNotReversed(records: ListRecord[], keys: Key[]) {
	let row = 1;
	for (let i = 1; i < records.length && row < REVERSED_RUN; i++)
		row = keys[i][0] === keys[i - 1][0] && records[i].id < records[i - 1].id ? row + 1 : 1;
	if (row >= REVERSED_RUN)
		throw new OrderError(
			`The list did not come back in the order the trigger asked for (${SORT_DIR}=asc, oldest first): ${REVERSED_RUN} records of one moment came newest id first. The service ignored the sort direction parameter ${SORT_DIR}, or a Query Parameter overrides the order.`,
		);
}

export function keyOrThrow(event: TriggerEvent, record: ListRecord): Key {
	const moment = momentOf(event, record);
	if (moment === undefined)
		throw new ListPageError(`record ${record.id} has no time for the event's moment`, false);
	return [moment, record.id];
}

/** The records of a page that have happened (at or below `end`: ../rules/event-terms.ts), and how many did not. */
export function happened(end: Key | undefined, records: ListRecord[], keys: Key[]) {
	if (!end) return { records, keys, cut: 0 };
	const kept = keys.flatMap((key, index) => (compareKeys(key, end) <= 0 ? [index] : []));
	return {
		records: kept.map((index) => records[index]),
		keys: kept.map((index) => keys[index]),
		cut: keys.length - kept.length,
	};
}

/** A page's records in key order ([moment, id]): equal moments as the walk steps over them, by id. */
export function inKeyOrder(
	records: ListRecord[],
	keys: Key[],
): { records: ListRecord[]; keys: Key[] } {
	const order = keys.map((_, index) => index).sort((a, b) => compareKeys(keys[a], keys[b]));
	return { records: order.map((index) => records[index]), keys: order.map((index) => keys[index]) };
}
