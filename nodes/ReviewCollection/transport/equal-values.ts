/**
 * Equal sort values in any order (contract §11), pure: a service over SQL without a unique tiebreaker
 * returns records with equal values of the order key in another order on every request. Within one
 * answer the list is still sorted, so only a run of equal values that crosses a page boundary is at
 * risk: the members at its start in one answer need not be those at its start in the next.
 *
 * The rule (./list-reader.ts applies it): the records already taken end with a run of value V. A page
 * read after them may only be taken when it shows that whole run, from a record before it (or the
 * list's start) to a record after it (or the list's end): then every record of V is on that page. Else
 * the run is collected on its own (`EqualRun`): from where it starts, page after page until a record
 * after it shows where it ends, then the pages over it again until as many records of V are found as
 * it has places. Lists whose runs fit in a page cost no extra request; a run larger than a page costs
 * a few reads of it, and fails with an error naming the value after `MAX_SWEEPS` reads of it.
 */
import type { ListedRecord } from './list-page';
import { OVERLAP } from './page-choice';

export type OrderKey = (record: ListedRecord) => unknown;

/** The run of equal values the taken records end with. */
export interface Tail {
	value: unknown;
	/** Where the run starts in the list (as the page that showed it counted), and that page's total. */
	start: number;
	total?: number;
	/** Every record of the run is taken (a page showed a record after it). */
	complete: boolean;
}

/** Reads of a run larger than a page before the list reader gives up on it. */
export const MAX_SWEEPS = 12;

/** Changes of the list's size while one run is collected (each starts its count over) before giving up. */
export const MAX_CHANGES = 50;

/** The run of `value` on a page: [from, to) indices, from = to when absent. */
export function runOf(
	records: ListedRecord[],
	keyOf: OrderKey,
	value: unknown,
): { from: number; to: number } {
	const from = records.findIndex((record) => keyOf(record) === value);
	if (from < 0) return { from: records.length, to: records.length };
	let to = from + 1;
	while (to < records.length && keyOf(records[to]) === value) to++;
	return { from, to };
}

/** The last records of `records` whose value is `value` (the run the taken records end with). */
export function lastRunOf(
	records: ListedRecord[],
	keyOf: OrderKey,
	value: unknown,
): ListedRecord[] {
	let from = records.length;
	while (from > 0 && keyOf(records[from - 1]) === value) from--;
	return records.slice(from);
}

/**
 * Does a page starting at list position `start` show the whole run of `tail`? `atEnd`: the page is the
 * list's last. A page without the value shows it whole (the run lies before it, all taken).
 */
export function showsWholeRun(
	records: ListedRecord[],
	start: number,
	tail: Tail,
	keyOf: OrderKey,
	atEnd: boolean,
	total: number | undefined,
): boolean {
	if (tail.complete) return true;
	const { from, to } = runOf(records, keyOf, tail.value);
	if (from === records.length) return true;
	const showsStart =
		from > 0 || start === 0 || (start <= tail.start && total !== undefined && total === tail.total);
	const showsEnd = to < records.length || atEnd;
	return showsStart && showsEnd;
}

/** The tail after taking a page: its last run, where it starts, whether a later record closed it. */
export function tailOf(
	records: ListedRecord[],
	start: number,
	keyOf: OrderKey,
	before: Tail | undefined,
	total: number | undefined,
	atEnd: boolean,
): Tail | undefined {
	if (records.length === 0) return before;
	const value = keyOf(records[records.length - 1]);
	let from = records.length - 1;
	while (from > 0 && keyOf(records[from - 1]) === value) from--;
	// A run that fills the page from its start began where the run before it did (same value).
	const runStart =
		from === 0 && before !== undefined && before.value === value ? before.start : start + from;
	return { value, start: runStart, total, complete: atEnd };
}

/** One page the run's collection asks for, and what it learned from its answer. */
export interface RunPage {
	from: number;
}

/**
 * Collects every record of one run of equal values (`value`), which starts about `start` in the list:
 * first where it really starts (a record before it, or the list's start), then where it ends, then
 * reads over it until as many records of the value are found as the run has places. A change of the
 * list's size starts it over (places and records found no longer match).
 */
export class EqualRun {
	readonly found = new Map<number, ListedRecord>();
	private start: number | undefined;
	private end: number | undefined;
	private total: number | undefined;
	private guess: number;
	private next: number;
	private readCount = 0;
	private readsSinceChange = 0;
	private changes = 0;

	readonly value: unknown;

	/**
	 * `tail`: the run the taken records end with; `taken`: its records taken so far (counted as found
	 * while the list keeps the size it had then, so a service that keeps its order needs no extra read).
	 */
	constructor(
		tail: Tail,
		taken: ListedRecord[],
		/** Where the taken records end: the run is read on from there while the list keeps its size. */
		takenTo: number,
		private readonly keyOf: OrderKey,
		private readonly pageSize: number,
	) {
		this.value = tail.value;
		this.start = tail.start;
		this.total = tail.total;
		for (const record of taken) this.found.set(record.id, record);
		this.guess = Math.max(0, tail.start - 1);
		this.next = Math.max(this.guess, takenTo);
	}

	/** Reading on towards the run's end (pages may be read ahead), not over it again or further back. */
	get forward(): boolean {
		return this.start !== undefined && this.end === undefined;
	}

	/** The list position the next read must start at or before. */
	get position(): number {
		return this.next;
	}

	/** Where the run ends in the list, once known (the read goes on from there). */
	get endsAt(): number {
		return this.end ?? 0;
	}

	/** How many places the run has, once known. */
	get places(): number | undefined {
		return this.start !== undefined && this.end !== undefined ? this.end - this.start : undefined;
	}

	/**
	 * Past MAX_SWEEPS reads of the whole run since the list last changed size (or, while its end is not
	 * found, more reads than reading the whole list takes), or after MAX_CHANGES changes of size: the
	 * reader fails.
	 */
	get exhausted(): boolean {
		const pages = (records: number) => Math.max(1, Math.ceil(records / this.pageSize));
		// Reading on, each page goes at least this far past the one before (./page-choice.ts: pages of
		// half the largest size up, overlapping by OVERLAP), not a whole largest page.
		const stride = Math.max(1, Math.ceil(this.pageSize / 2) - OVERLAP);
		const places = this.places;
		const bound =
			places === undefined
				? Math.ceil((this.total ?? this.pageSize) / stride) + 2
				: 2 + MAX_SWEEPS * (pages(places) + 1);
		return this.readsSinceChange > bound || this.changes > MAX_CHANGES;
	}

	/** Why the reader gives up on this run (`field`: the order field). */
	problem(field: string | undefined): string {
		return `${this.places ?? 'more than a page of'} records have the same ${field} (${String(this.value)}) and the service returned them in another order on every request (equal sort values reordered between requests): ${this.found.size} of them were found in ${this.readCount} reads. Sort by a field whose values are unique (Sort By: ID, where the list offers it) or narrow the filters so fewer records share one value`;
	}

	/** Takes one answer (a page starting at list position `at`); true once the run is complete. */
	add(records: ListedRecord[], at: number, total: number | undefined, atEnd: boolean): boolean {
		this.readCount++;
		this.readsSinceChange++;
		if (total !== this.total) {
			// The list changed size (or this is the first answer): places counted before no longer hold.
			if (this.total !== undefined && total !== undefined) {
				this.found.clear();
				this.changes++;
				this.readsSinceChange = 0;
				const moved = Math.abs(total - this.total);
				this.guess = Math.max(0, (this.start ?? this.guess) - moved - 1);
				this.total = total;
				this.start = undefined;
				this.end = undefined;
				this.next = this.guess;
				return false;
			}
			this.total = total;
		}
		const { from, to } = runOf(records, this.keyOf, this.value);
		for (let i = from; i < to; i++) this.found.set(records[i].id, records[i]);
		if (from === records.length) {
			// The value is not on this page: it lies before it (or no longer exists).
			if (records.length > 0 && this.start === undefined && at > 0) return this.stepBack(at);
			if (this.start === undefined) this.start = at;
			this.end ??= at;
			return this.settle(at);
		}
		if (from > 0 || at === 0) this.start = at + from;
		else if (this.start === undefined) return this.stepBack(at);
		if (to < records.length || atEnd) this.end = at + to;
		return this.settle(at + records.length);
	}

	/** The page started inside the run: read further back (half a page more each time). */
	private stepBack(at: number): boolean {
		this.guess = Math.max(0, Math.min(this.guess, at) - Math.ceil(this.pageSize / 2));
		this.next = this.guess;
		return false;
	}

	private settle(reached: number): boolean {
		const places = this.places;
		if (places !== undefined && this.found.size >= places) return true;
		// Forward until the end is known, then over the run again from its start.
		if (this.end === undefined) this.next = reached;
		else this.next = reached >= this.end ? (this.start ?? this.guess) : reached;
		return false;
	}
}
