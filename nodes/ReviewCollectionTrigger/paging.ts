/**
 * How the trigger pages a list, pure: the page size, the page that includes the last verified record and
 * reaches furthest past it (so no second read is needed, ./walk.ts), and what every page must satisfy
 * (the order asked for, a time for the event's moment on every record).
 */
import { ListPageError } from '../ReviewCollection/transport/list-page';
import type { Key, ListRecord } from './cursor';
import { compareKeys } from './cursor';
import type { TriggerEvent } from './events';
import { momentOf } from './events';

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

/** The page (and size) that includes asc position `at` and reaches furthest past it. */
export function pageFor(at: number, pageSize = PAGE_SIZE): { page: number; perPage: number } {
	if (at < 0) return { page: 1, perPage: pageSize };
	let best = { page: 1, perPage: pageSize, end: 0 };
	const smallest = Math.ceil(pageSize * MIN_PAGE_SHARE);
	for (let size = pageSize; size >= 2; size--) {
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
 * Oldest first must be by moment, ties by id (the walk steps over ties by id); newest first only by
 * moment (a probe is one snapshot, ties in any order).
 */
export function checkOrder(records: ListRecord[], keys: Key[], direction: Direction) {
	for (let i = 1; i < keys.length; i++) {
		const wrong =
			direction === 'asc' ? compareKeys(keys[i - 1], keys[i]) > 0 : keys[i - 1][0] < keys[i][0];
		if (wrong) {
			throw new OrderError(
				`The list did not come back in the order the trigger asked for (${direction === 'asc' ? 'oldest' : 'newest'} first): record ${records[i].id} is out of place. Check Options → Query Parameters for a sort_key or sort_dir that overrides the trigger's.`,
			);
		}
	}
}

export function keyOrThrow(event: TriggerEvent, record: ListRecord): Key {
	const moment = momentOf(event, record);
	if (moment === undefined)
		throw new ListPageError(`record ${record.id} has no time for the event's moment`, false);
	return [moment, record.id];
}
