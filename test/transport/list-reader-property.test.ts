/**
 * Property test of the list reader (nodes/ReviewCollection/transport/list-reader.ts, contract §9) against
 * a plain model list: records sorted by a key (newest first; inserts land anywhere, as imports with old
 * dates do), pages computed from the model at the moment each page is answered, random inserts and
 * deletes between answers, pages answered in random order when several are in flight (Concurrency).
 * Oracle: no record twice; every record that exists throughout the read comes, in the list's order;
 * with a Limit, exactly Limit records and none that existed throughout skipped before the last one;
 * the read never fails. A failure prints the seed and the shortest history found that still fails.
 */
import type { PageAnswer } from '../../nodes/ReviewCollection/transport/list-reader';
import { readList } from '../../nodes/ReviewCollection/transport/list-reader';
import { mulberry32 } from '../harness/seeded-random';

/** A change someone else makes: insert a record with sort key `key`, or delete the record at `at` (0–1 of the list). */
type Change = { insert: number } | { remove: number };
/** Before answering the next page: these changes, then answer the in-flight page number `pick` (mod). */
interface Step {
	changes: Change[];
	pick: number;
}
interface Case {
	size: number;
	pageSize: number;
	/** The service's own largest page, when smaller than the reader's (it answers that many, and says so). */
	cap?: number;
	/** The service's own page size whatever is asked (it ignores the size parameter: contract §10). */
	fixed?: number;
	concurrency: number;
	limit?: number;
	steps: Step[];
	/**
	 * Sort keys of only this many values (runs of equal keys, as created_at in whole seconds), in a
	 * fresh order on every answer when `shuffle` is set (a service over SQL without a tiebreaker;
	 * the `ties-reordered` dialect) from the seed `shuffle`.
	 */
	ties?: number;
	shuffle?: number;
}

/** Most changes someone else makes before one page is answered (LIST_READER_CHURN to stress). */
const CHURN = Number(process.env.LIST_READER_CHURN ?? 2);

function generate(random: () => number): Case {
	const int = (n: number) => Math.floor(random() * n);
	// Small pages make many page boundaries (the real one is 100). From 20 up, some page of half to
	// full size starts a few records before any offset and ends after it; at 5 or 10 some offsets are
	// a multiple of every size, and pages there can only touch.
	const pageSize = [20, 30, 50, 100][int(4)];
	const paging: Pick<Case, 'cap' | 'fixed'> = [
		{},
		{ cap: Math.ceil(pageSize / 2) + int(pageSize / 2) },
		{ cap: 1 + int(10) },
		{ fixed: [1, 2, 3, 7, 15, 25][int(6)] },
	][random() < 0.55 ? 0 : 1 + int(3)];
	// Pages that cannot overlap (a fixed size, or below 20) are exact while fewer than four changes
	// fall within two page reads (docs/assumptions.md, "Page size"): one change a step at most there,
	// and fewer (each page is confirmed by two reads with no change between them).
	const touching = paging.fixed !== undefined || (paging.cap ?? pageSize) < 20;
	const ties = random() < 0.3 ? 1 + int(6) : undefined;
	const shuffle = ties && random() < 0.5 ? 1 + int(1e9) : undefined;
	// Equal values reordered on every answer are exact while the list keeps its records (docs/assumptions.md).
	const quiet = shuffle ? 1 : touching ? 0.8 : 0.6;
	const steps: Step[] = Array.from({ length: 60 }, () => ({
		changes: Array.from({ length: random() < quiet ? 0 : touching ? 1 : 1 + int(CHURN) }, () =>
			random() < 0.5 ? { insert: random() } : { remove: random() },
		),
		pick: int(8),
	}));
	return {
		...(ties && { ties, shuffle }),
		// Now and then a list of many pages: a run of equal values read on over many of them.
		size: int(pageSize * (ties && random() < 0.25 ? 30 : 6)),
		pageSize,
		...paging,
		concurrency: 1 + int(4),
		limit: random() < 0.25 ? 1 + int(pageSize * 3) : undefined,
		steps,
	};
}

interface Row {
	id: number;
	key: number;
}

/** Runs one case; the problem found, or undefined. */
async function check(c: Case, trace?: string[]): Promise<string | undefined> {
	let nextId = 1;
	const list: Row[] = [];
	const insert = (at: number) => {
		const key = c.ties ? Math.floor(at * c.ties) / c.ties : at;
		list.push({ id: nextId++, key });
		list.sort((a, b) => b.key - a.key || b.id - a.id);
	};
	for (let i = 0; i < c.size; i++) insert(i / Math.max(1, c.size));
	const before = list.map((row) => row.id);
	trace?.push(`list ${before}`);
	const keyOf = new Map(list.map((row) => [row.id, row.key]));
	const random = mulberry32(c.shuffle ?? 0);
	/** list[from, to), each run of equal keys it touches in a fresh order when the case shuffles. */
	const shuffled = (from: number, to: number): Row[] => {
		if (!c.shuffle || from >= list.length) return list.slice(from, to);
		let a = from;
		while (a > 0 && list[a - 1].key === list[from].key) a--;
		let b = Math.min(to, list.length);
		while (b < list.length && list[b].key === list[b - 1].key) b++;
		const window = list.slice(a, b);
		for (let i = window.length - 1; i > 0; i--) {
			let j = i;
			while (j > 0 && window[j - 1].key === window[i].key && random() < 0.7) j--;
			[window[i], window[j]] = [window[j], window[i]];
		}
		return window.slice(from - a, to - a);
	};
	const removed = new Set<number>();
	const pending: Array<{ page: number; perPage: number; answer: (a: PageAnswer) => void }> = [];
	let finished = false;
	let requests = 0;
	const reading = readList(
		(page, perPage) =>
			new Promise<PageAnswer>((answer) => {
				requests++;
				pending.push({ page, perPage, answer });
			}),
		{
			pageSize: c.pageSize,
			limit: c.limit,
			concurrency: c.concurrency,
			...(c.ties && { orderField: 'key' }),
		},
	).finally(() => (finished = true));
	let step = 0;
	while (!finished) {
		await new Promise((resolve) => setImmediate(resolve));
		if (pending.length === 0) continue;
		const { changes, pick } = c.steps[step++] ?? { changes: [], pick: 0 };
		for (const change of changes) {
			if ('insert' in change) {
				insert(change.insert);
				keyOf.set(nextId - 1, list.find((row) => row.id === nextId - 1)!.key);
				trace?.push(`insert ${nextId - 1}: ${list.map((row) => row.id)}`);
			} else if (list.length > 0) {
				const [row] = list.splice(Math.floor(change.remove * list.length), 1);
				removed.add(row.id);
				trace?.push(`remove ${row.id}`);
			}
		}
		const [read] = pending.splice(pick % pending.length, 1);
		const perPage = c.fixed ?? Math.min(read.perPage, c.cap ?? c.pageSize);
		const start = (read.page - 1) * perPage;
		const rows = shuffled(start, start + perPage);
		trace?.push(
			`page ${read.page}x${perPage} -> ${rows.map((row) => row.id)} (total ${list.length})`,
		);
		read.answer({
			records: rows.map((row) => ({ id: row.id, key: row.key })),
			lastPage: Math.max(1, Math.ceil(list.length / perPage)),
			total: list.length,
			perPage,
		});
	}
	let out: number[];
	try {
		out = (await reading).map((record) => record.id);
	} catch (error) {
		return `the read failed: ${(error as Error).message}`;
	}
	if (new Set(out).size !== out.length) return `a record came twice: ${out.join(',')}`;
	const stable = before.filter((id) => !removed.has(id));
	const stableOut = out.filter((id) => stable.includes(id));
	if (c.ties) {
		// Equal keys in any order: each stable record once, keys never rising, a Limit a prefix by key.
		for (let i = 1; i < stableOut.length; i++)
			if (keyOf.get(stableOut[i])! > keyOf.get(stableOut[i - 1])!)
				return `out of order at ${i}: ${stableOut.join(',')}`;
		const lowest = stableOut.length ? keyOf.get(stableOut[stableOut.length - 1])! : Infinity;
		const owed = c.limit === undefined ? stable : stable.filter((id) => keyOf.get(id)! > lowest);
		const missing = owed.filter((id) => !out.includes(id));
		if (missing.length) return `stable records missing: ${missing.join(',')} of ${out.join(',')}`;
		if (c.limit !== undefined && out.length < Math.min(c.limit, stable.length))
			return `${out.length} records for Limit ${c.limit}`;
		return undefined;
	}
	if (c.limit !== undefined) {
		const wanted = Math.min(c.limit, stable.length);
		if (out.length < wanted) return `${out.length} records for Limit ${c.limit}`;
		if (out.length > c.limit) return `${out.length} records for Limit ${c.limit}`;
		const upTo = stable.indexOf(stableOut[stableOut.length - 1]) + 1;
		if (stableOut.join() !== stable.slice(0, upTo).join())
			return `stable records skipped or out of order: got ${stableOut.join(',')}, want ${stable.slice(0, upTo).join(',')}`;
	} else if (stableOut.join() !== stable.join())
		return `stable records missing or out of order: got ${stableOut.join(',')}, want ${stable.join(',')}`;
	// Pages that only touch (a fixed size, or below 20 records) are each confirmed by a second read.
	const served = c.fixed ?? Math.min(c.cap ?? c.pageSize, c.pageSize);
	const pages = Math.ceil(Math.max(c.size, 1) / served);
	if (requests > (c.fixed || served < 20 ? 8 : 3) * pages + 2 * c.concurrency + 10)
		return `${requests} requests for ${pages} pages`;
	return undefined;
}

/** The shortest history that still fails: drop steps' changes and whole steps while it fails. */
async function shrink(c: Case): Promise<Case> {
	let best = c;
	for (let changed = true; changed;) {
		changed = false;
		for (let i = best.steps.length - 1; i >= 0; i--) {
			const steps = best.steps.filter((_, j) => j !== i);
			const candidate = { ...best, steps };
			if (await check(candidate)) {
				best = candidate;
				changed = true;
			}
		}
		for (let i = 0; i < best.steps.length; i++) {
			for (let k = best.steps[i].changes.length - 1; k >= 0; k--) {
				const steps = best.steps.map((s, j) =>
					j === i ? { ...s, changes: s.changes.filter((_, m) => m !== k) } : s,
				);
				const candidate = { ...best, steps };
				if (await check(candidate)) {
					best = candidate;
					changed = true;
				}
			}
		}
	}
	let last = best.steps.length;
	while (last > 0 && best.steps[last - 1].changes.length === 0 && best.steps[last - 1].pick === 0)
		last--;
	return { ...best, steps: best.steps.slice(0, last) };
}

it('every record that exists throughout the read comes once, in order, whatever changes meanwhile', async () => {
	// Replays one history (as printed by a failure): LIST_READER_CASE='{"size":…}'.
	if (process.env.LIST_READER_CASE) {
		const trace: string[] = [];
		const problem = await check(JSON.parse(process.env.LIST_READER_CASE) as Case, trace);
		if (problem) throw new Error(`${problem}\n${trace.join('\n')}`);
		return;
	}
	const base = Number(process.env.LIST_READER_SEED ?? 20261126);
	const runs = Number(process.env.LIST_READER_RUNS ?? 400);
	for (let run = 0; run < runs; run++) {
		const seed = base + run;
		const c = generate(mulberry32(seed));
		const problem = await check(c);
		if (problem) {
			const shortest = await shrink(c);
			const trace: string[] = [];
			throw new Error(
				`seed ${seed}: ${problem}\nshortest history: ${JSON.stringify(shortest)}\n-> ${await check(shortest, trace)}\n${trace.join('\n')}`,
			);
		}
	}
});
