/**
 * Hand-built list answers for the pure tests of the trigger's first look and walk
 * (test/trigger/first-look-*, walk-finish-*): a list held newest first,
 * answered page by page as the service does (`data` and `pagination`, transport/list-page.ts).
 */
import type { Cursor, Key, ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import type { TriggerEvent } from '../../nodes/ReviewCollectionTrigger/events/events';
import type { PageAsk } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import type { Walk } from '../../nodes/ReviewCollectionTrigger/walk/walk';
import { nextAsk, startWalk, takeAnswer } from '../../nodes/ReviewCollectionTrigger/walk/walk';

export interface Serve {
	/** The service answers pages of this size whatever is asked. */
	fixed?: number;
	/** pagination.total as answered (default: the list's size; null: none). */
	total?: number | null;
}

/** The page `ask` names of `list` (held newest first; read in the direction asked). */
export function answer(list: ListRecord[], ask: PageAsk, serve: Serve = {}) {
	const perPage = serve.fixed ?? ask.perPage;
	const ordered = ask.direction === 'asc' ? [...list].reverse() : list;
	const data = ordered.slice((ask.page - 1) * perPage, ask.page * perPage);
	const total = serve.total === undefined ? list.length : serve.total;
	return {
		data,
		pagination: {
			current_page: ask.page,
			last_page: Math.max(1, Math.ceil(list.length / perPage)),
			per_page: perPage,
			...(total === null ? {} : { total }),
		},
	};
}

/** New Review or New Customer (the moment is the id): ids `from` down to `to`, newest first. */
export const byId = (from: number, to: number): ListRecord[] =>
	Array.from({ length: from - to + 1 }, (_, i) => ({ id: from - i }));

/** Their keys: [id, id]. */
export const idKeys = (ids: number[]): Key[] => ids.map((id) => [id, id]);

/** `"moment:id …"` (e.g. "100:1 95:2") as keys. */
export const keysIn = (spec: string): Key[] =>
	spec
		.split(' ')
		.filter(Boolean)
		.map((pair) => pair.split(':').map(Number) as Key);

/** Records from `"moment:id …"`, the moment in `field` (give them newest first). */
export const timed = (field: string, spec: string): ListRecord[] =>
	keysIn(spec).map(([moment, id]) => ({ id, [field]: moment }));

/** Review Replied records from `"replied_at:id …"`. */
export const replies = (spec: string): ListRecord[] => timed('replied_at', spec);

/** A walk from `cursor` over `list` (newest first), pages of `size`, at most `requests` answers. */
export function walkOver(
	event: TriggerEvent,
	cursor: Cursor,
	list: ListRecord[],
	{ size = 100, requests = 50, windowSeconds = 0, set = {} as Partial<Walk> } = {},
): Walk {
	const walk = Object.assign(startWalk(event, cursor, windowSeconds, { size, fixed: false }), set);
	for (let ask = nextAsk(walk); ask && walk.requests < requests; ask = nextAsk(walk))
		takeAnswer(walk, ask, answer(list, ask));
	return walk;
}

/** A cursor: scope 's', nothing in seen, position 0, no backlog, unless given. */
export const cursorOf = (fields: Partial<Cursor> & Pick<Cursor, 'moment' | 'floor'>): Cursor => ({
	scope: 's',
	seen: [],
	position: 0,
	backlog: false,
	...fields,
});
