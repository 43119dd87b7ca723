/**
 * Hand-built list answers for the pure tests of the trigger's first look and walk
 * (test/trigger/first-look-units, first-look-cursor, walk-finish-units): a list held newest first,
 * answered page by page as the service does (`data` and `pagination`, transport/list-page.ts).
 */
import type { Key, ListRecord } from '../../nodes/ReviewCollectionTrigger/cursor';
import type { PageAsk } from '../../nodes/ReviewCollectionTrigger/paging';

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
