/**
 * A plain list service for the walk's unit tests (walk-probe, walk-ascending): records kept oldest first
 * (by moment, ties by id), pages cut from it as the service would at the moment each one is answered.
 */
import type { Cursor, ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { ID_MAX } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import type { PageAsk } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import type { Walk } from '../../nodes/ReviewCollectionTrigger/walk/walk';
import { nextAsk, takeAnswer } from '../../nodes/ReviewCollectionTrigger/walk/walk';

export interface Service {
	/** Pages of this size whatever is asked (the size parameter ignored). */
	fixed?: number;
	/** The largest page it gives. */
	cap?: number;
	/** No pagination.total in its answers. */
	noTotal?: boolean;
}

/** Reviews with ids `from` to `to` (New Review: the id is the moment), oldest first. */
export function reviews(from: number, to: number): ListRecord[] {
	return Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));
}

/** The page `ask` names of `list` (oldest first), newest first when asked so. */
export function answer(list: ListRecord[], ask: PageAsk, service: Service = {}) {
	const perPage = service.fixed ?? Math.min(ask.perPage, service.cap ?? ask.perPage);
	const ordered = ask.direction === 'asc' ? list : [...list].reverse();
	return {
		data: ordered.slice((ask.page - 1) * perPage, ask.page * perPage).map((r) => ({ ...r })),
		pagination: {
			current_page: ask.page,
			last_page: Math.max(1, Math.ceil(list.length / perPage)),
			per_page: perPage,
			...(service.noTotal ? {} : { total: list.length }),
		},
	};
}

/**
 * Runs the walk against `list` until it is done (at most `max` requests); `before(n)` may change the
 * list before the n-th answer (0-based). The asks, in order.
 */
export function drive(
	walk: Walk,
	list: ListRecord[],
	service: Service = {},
	before?: (request: number) => void,
	max = 50,
): PageAsk[] {
	const asks: PageAsk[] = [];
	for (let ask = nextAsk(walk); ask && asks.length < max; ask = nextAsk(walk)) {
		before?.(asks.length);
		asks.push(ask);
		takeAnswer(walk, ask, answer(list, ask, service));
	}
	return asks;
}

/** Removes the records with these ids from the list (in place). */
export function remove(list: ListRecord[], ...ids: number[]): void {
	for (const id of ids)
		list.splice(
			list.findIndex((record) => record.id === id),
			1,
		);
}

/** A New Review cursor: every id up to `floorId` handled, `position` records at or below it. */
export function cursorAt(floorId: number, position: number, extra: Partial<Cursor> = {}): Cursor {
	return {
		scope: 's',
		moment: floorId,
		floor: [floorId, ID_MAX],
		seen: [],
		position,
		backlog: false,
		...extra,
	};
}

/** The ids the walk found, ascending. */
export function foundIds(walk: Walk): number[] {
	return [...walk.found.keys()].sort((a, b) => a - b);
}

/** `{ direction, page, perPage }` in short: [page, perPage]. */
export function pages(asks: PageAsk[]): Array<[number, number]> {
	return asks.map((ask) => [ask.page, ask.perPage]);
}
