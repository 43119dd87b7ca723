/**
 * An id-ordered record store with cached sorted views.
 *
 * `items` is always in ascending id order (ids grow with creation). Views sorted by another key are
 * built lazily (ascending by key, ties by id ascending, nulls first) and kept until a write touches
 * that key; appends that keep a view sorted are pushed onto it instead of invalidating it.
 */
import { type TieOrder, windowWithTiesShuffled } from './tie-order';

export interface HasId {
	id: number;
}

type KeyGetter<T> = (r: T) => number | string | null;

export class Collection<T extends HasId> {
	readonly items: T[] = [];
	private readonly byId = new Map<number, T>();
	private readonly views = new Map<string, { getter: KeyGetter<T>; list: T[] }>();
	private writes = 0;
	/** Records that join the lists late (./late-join.ts): every view leaves them out until then. */
	joins?: {
		inserted(id: number): void;
		listed<R extends HasId>(list: R[]): R[];
		joinLate(id: number, seconds: number): void;
	};

	/** Grows with every write (insert, remove, touched, clear): what a cache of a view is stamped with. */
	get revision(): number {
		return this.writes;
	}

	get size(): number {
		return this.items.length;
	}

	get(id: number): T | undefined {
		return this.byId.get(id);
	}

	insert(record: T): T {
		const last = this.items[this.items.length - 1];
		if (!last || last.id < record.id) {
			this.items.push(record);
		} else {
			let lo = 0;
			let hi = this.items.length;
			while (lo < hi) {
				const mid = (lo + hi) >> 1;
				if (this.items[mid].id < record.id) lo = mid + 1;
				else hi = mid;
			}
			this.items.splice(lo, 0, record);
		}
		this.byId.set(record.id, record);
		this.writes++;
		this.joins?.inserted(record.id);
		if (this.views.size === 0) return record;
		for (const [key, view] of this.views) {
			const tail = view.list[view.list.length - 1];
			if (!tail || compare(view.getter, tail, record) <= 0) view.list.push(record);
			else this.views.delete(key);
		}
		return record;
	}

	/** Bulk append of records whose ids are larger than every stored id (no checks beyond that). */
	insertMany(records: T[]): void {
		for (const r of records) this.insert(r);
	}

	remove(id: number): T | undefined {
		const record = this.byId.get(id);
		if (!record) return undefined;
		this.byId.delete(id);
		const index = this.items.indexOf(record);
		if (index >= 0) this.items.splice(index, 1);
		this.writes++;
		this.views.clear();
		return record;
	}

	/** Call after changing fields of stored records; drops the views sorted by those keys (all when none given). */
	touched(...keys: string[]): void {
		this.writes++;
		if (keys.length === 0) this.views.clear();
		for (const k of keys) this.views.delete(k);
	}

	clear(): void {
		this.writes++;
		this.items.length = 0;
		this.byId.clear();
		this.views.clear();
	}

	/** Records sorted ascending by `key` (ties by id ascending). For 'id' this is `items` itself. */
	view(key: string, getter: KeyGetter<T>): T[] {
		const list = this.sortedView(key, getter);
		return this.joins ? this.joins.listed(list) : list;
	}

	private sortedView(key: string, getter: KeyGetter<T>): T[] {
		if (key === 'id') return this.items;
		let view = this.views.get(key);
		if (!view) {
			const list = this.items.slice();
			list.sort((a, b) => compare(getter, a, b));
			view = { getter, list };
			this.views.set(key, view);
		}
		return view.list;
	}
}

function compare<T extends HasId>(getter: KeyGetter<T>, a: T, b: T): number {
	const va = getter(a);
	const vb = getter(b);
	if (va !== vb) {
		if (va === null) return -1;
		if (vb === null) return 1;
		if (va < vb) return -1;
		if (va > vb) return 1;
	}
	return a.id - b.id;
}

export interface PageResult<T> {
	items: T[];
	total: number;
}

/**
 * One pass over an ascending-sorted list, read forwards or backwards, counting matches and keeping the
 * requested window. Without a predicate this is pure index arithmetic.
 */
export function pageOf<T>(
	sorted: T[],
	desc: boolean,
	predicate: ((r: T) => boolean) | null,
	page: number,
	perPage: number,
	ties?: TieOrder<T>,
): PageResult<T> {
	const offset = (page - 1) * perPage;
	const n = sorted.length;
	if (ties) {
		const ordered: T[] = [];
		for (let i = 0; i < n; i++) {
			const r = sorted[desc ? n - 1 - i : i];
			if (!predicate || predicate(r)) ordered.push(r);
		}
		const items = windowWithTiesShuffled(
			ordered,
			offset,
			Math.min(ordered.length, offset + perPage),
			ties,
		);
		return { items, total: ordered.length };
	}
	if (!predicate) {
		const items: T[] = [];
		for (let i = offset; i < Math.min(n, offset + perPage); i++)
			items.push(sorted[desc ? n - 1 - i : i]);
		return { items, total: n };
	}
	const items: T[] = [];
	let total = 0;
	for (let i = 0; i < n; i++) {
		const r = sorted[desc ? n - 1 - i : i];
		if (!predicate(r)) continue;
		if (total >= offset && total < offset + perPage) items.push(r);
		total++;
	}
	return { items, total };
}
