/**
 * Equal sort values in another order on every request: the `ties-reordered` dialect. The spec orders
 * lists by a key that need not be unique ("when omitted the order is newest first by creation time";
 * "a sort field (a message timestamp)") and is silent on ties; a service over SQL without a unique
 * tiebreaker returns rows with equal ORDER BY values in no defined order, which MySQL and PostgreSQL
 * document may differ between two queries with another LIMIT/OFFSET. Here every run of equal values a
 * page touches is shuffled afresh for each request (seeded: a failing history replays).
 */
import type { Ctx } from './router';
import type { SimState } from './state';

export interface TieOrder<T> {
	/** The value the list is sorted by; records with equal values form one run. */
	key: (record: T) => unknown;
	random: () => number;
}

const generators = new WeakMap<SimState, () => number>();

/** Test control: restart the shuffles of this simulator from `seed` (a history replays exactly). */
export function seedTieOrder(state: SimState, seed: number): void {
	generators.set(state, mulberry32(seed));
}

/** How this request orders equal values: undefined keeps them by id (every dialect but ties-reordered). */
export function tieOrderOf<T>(
	ctx: Ctx,
	sortKey: string,
	key: (record: T) => unknown,
): TieOrder<T> | undefined {
	if (!ctx.state.dialect.tiesReordered || sortKey === 'id') return undefined;
	let random = generators.get(ctx.state);
	if (!random) {
		random = mulberry32(0x5eed);
		generators.set(ctx.state, random);
	}
	return { key, random };
}

/** records[from, to) after shuffling each run of equal keys that the window touches, as a whole. */
export function windowWithTiesShuffled<T>(
	records: T[],
	from: number,
	to: number,
	ties: TieOrder<T>,
): T[] {
	if (from >= to) return [];
	const same = (a: number, b: number): boolean => ties.key(records[a]) === ties.key(records[b]);
	let start = from;
	while (start > 0 && same(start - 1, from)) start--;
	let end = to;
	while (end < records.length && same(end, to - 1)) end++;
	const window = records.slice(start, end);
	for (let runStart = 0; runStart < window.length;) {
		let runEnd = runStart + 1;
		while (runEnd < window.length && ties.key(window[runEnd]) === ties.key(window[runStart]))
			runEnd++;
		for (let i = runEnd - 1; i > runStart; i--) {
			const j = runStart + Math.floor(ties.random() * (i - runStart + 1));
			[window[i], window[j]] = [window[j], window[i]];
		}
		runStart = runEnd;
	}
	return window.slice(from - start, to - start);
}

function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
