/**
 * Reading a paged list that others change while it is read (contract §9), pure: HTTP and the page rules
 * are the caller's (./pagination.ts). Guarantee: every record that exists throughout the read comes
 * once, in the list's order; records added or removed meanwhile never fail the read nor hide another.
 *
 * How: a page only counts when it *links*, i.e. shows a record already taken; it is taken from its
 * last taken record on (a record added meanwhile before that one may or may not appear). To make pages
 * link, each starts `OVERLAP` records before the previous one ends (./page-choice.ts: about 15 % more
 * requests than pages that only touch). A page that does not link (records before it were removed) is
 * dropped for a page further back. Pages are read up to `concurrency` at once and taken in list order;
 * the read ends with a linking page that reaches the list's end. A service that ignores `per_page`
 * cannot overlap its pages: a page that starts where the taken ones end counts once confirmed (`held`).
 * A list that changes faster than it can be read fails after a bounded number of requests
 * (./read-budget.ts). Equal values of the order field may come in another order on every request: a
 * run of them that crosses a page is read whole, or counted (./equal-values.ts).
 */
import type { OrderKey, Tail } from './equal-values';
import { EqualRun, lastRunOf, showsWholeRun, tailOf } from './equal-values';
import type { ListedRecord } from './list-page';
import { ListPageError } from './list-page';
import type { ListReadOptions, PageAnswer, PageReader } from './list-read-types';
import { MIN_OVERLAPPING, OVERLAP, pageAfter, pageFrom, type Page } from './page-choice';
import { ReadBudget } from './read-budget';

export { OVERLAP, pageAfter, pageFrom, pagesToRead } from './page-choice';
export type { ListReadOptions, PageAnswer, PageReader } from './list-read-types';

interface Read {
	asked: Page & { touching?: boolean };
	answer: Promise<PageAnswer>;
	/** A read of a run of equal values (./equal-values.ts `EqualRun`). */
	run?: EqualRun;
}

/** Every record of the list (up to `limit`) as the guarantee above says. */
export async function readList(
	readPage: PageReader,
	options: ListReadOptions,
): Promise<ListedRecord[]> {
	const read = new ListRead(readPage, options);
	try {
		return await read.run();
	} finally {
		await read.settle();
	}
}

class ListRead {
	private readonly taken: ListedRecord[] = [];
	private readonly ids = new Set<number>();
	private readonly queue: Read[] = [];
	/** Pages asked for and not answered yet: waited for before returning (none left running after the node). */
	private readonly inFlight = new Set<Promise<void>>();
	/** The largest page, and the first page's size (no more than a Limit needs). */
	private size: number;
	private readonly first: number;
	private readonly concurrency: number;
	/** Where the taken records end in the list (as the last linking page saw it), and the pages asked. */
	private end = 0;
	private plannedTo = 0;
	/** The service's own page size, when it ignores `per_page`. */
	private fixed: number | undefined;
	private expected: number | undefined;
	private readonly budget: ReadBudget;
	private misses = 0;
	/**
	 * A page that only touches the taken ones (fixed pages, or of 1 or 2 records): taken once the last
	 * taken record's page, read again, shows nothing untaken behind it and `pagination.total` is the same
	 * in that read, the held page and the page before (nothing moved back past the boundary meanwhile).
	 */
	private held: { read: Read; answer: PageAnswer; before?: number } | undefined;
	/** pagination.total of the last page taken. */
	private lastTotal: number | undefined;
	/** The order field's value of a record, when values may repeat; the run of it the taken ones end with. */
	private readonly keyOf: OrderKey | undefined;
	private tail: Tail | undefined;
	/** A run of equal values being collected: every answer goes to it until it is complete. */
	private equalRun: EqualRun | undefined;

	constructor(
		private readonly readPage: PageReader,
		private readonly options: ListReadOptions,
	) {
		const { pageSize, limit } = options;
		this.size = Math.max(1, pageSize);
		this.first = Math.max(1, Math.min(limit ?? pageSize, pageSize));
		this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
		this.budget = new ReadBudget(this.concurrency);
		const field = options.orderField;
		// A record without the field is a run of its own (a fresh object equals nothing).
		this.keyOf = field === undefined ? undefined : (record) => record[field] ?? {};
	}

	async run(): Promise<ListedRecord[]> {
		this.queue.push(this.ask({ page: 1, perPage: this.first }));
		for (;;) {
			const next = this.queue.shift() ?? this.ask(this.nextPage(this.end));
			const answer = await next.answer;
			if (this.take(next, answer)) break;
			this.fill();
		}
		const { limit } = this.options;
		return limit === undefined ? this.taken : this.taken.slice(0, limit);
	}

	/** Waits for the pages still in flight (their answers are not needed) before the read returns. */
	async settle(): Promise<void> {
		await Promise.allSettled([...this.inFlight]);
	}

	private ask(asked: Page & { touching?: boolean }, run?: EqualRun): Read {
		// The reads a run of equal values asks for have a bound of their own (EqualRun.exhausted).
		if (!run && !this.budget.spend())
			throw this.failure(
				`the list changed faster than it could be read (${this.budget.spent - 1} pages read, pagination.total now ${this.expected ?? 'unknown'})`,
			);
		const answer = this.readPage(asked.page, asked.perPage);
		// Awaited in order, or settled at the end; not kept once answered.
		const forget = (): void => void this.inFlight.delete(settled);
		const settled: Promise<void> = answer.then(forget, forget);
		this.inFlight.add(settled);
		this.plannedTo = Math.max(this.plannedTo, (asked.page - 1) * asked.perPage + asked.perPage);
		return { asked, answer, run };
	}

	private nextPage(from: number): Page & { touching?: boolean } {
		if (this.fixed !== undefined)
			return { page: Math.floor(from / this.fixed) + 1, perPage: this.fixed };
		return pageAfter(from, this.size);
	}

	/** Asks for the next pages while fewer than `concurrency` are in flight and the list goes on. */
	private fill(): void {
		// A run of equal values read over again, or from further back, is read one page at a time.
		if (this.held || (this.equalRun && !this.equalRun.forward)) return;
		if (this.queue.length === 0) this.plannedTo = this.equalRun?.position ?? this.end;
		const { limit } = this.options;
		const until = Math.min(this.expected ?? 0, limit ?? Infinity);
		// Pages that only touch are read one after another (each is confirmed by a read after it).
		const concurrency = this.fixed === undefined ? this.concurrency : 1;
		while (this.queue.length < concurrency && this.plannedTo < until)
			this.queue.push(this.ask(this.nextPage(this.plannedTo)));
	}

	/**
	 * Takes a page if it links (true: the read is complete), else queues a bridge before it. `confirmed`:
	 * a held page whose boundary a later read confirmed.
	 */
	private take(read: Read, answer: PageAnswer, confirmed = false): boolean {
		const { asked } = read;
		const { records } = answer;
		// A service whose largest page is smaller answers less than asked: pages of its size go on
		// overlapping (below MIN_OVERLAPPING, too few sizes are left to: they only touch). One that
		// answers more than asked ignores per_page: its pages can only touch.
		if (answer.perPage !== undefined && answer.perPage < asked.perPage && this.fixed === undefined)
			this.size = Math.min(this.size, answer.perPage);
		else if (answer.perPage !== undefined && answer.perPage !== asked.perPage)
			this.fixed ??= answer.perPage;
		if (this.fixed === undefined && this.size < MIN_OVERLAPPING) this.fixed = this.size;
		const perPage = answer.perPage ?? asked.perPage;
		const start = (asked.page - 1) * perPage;
		if (answer.total !== undefined || this.expected === undefined)
			this.expected = answer.total ?? answer.lastPage * perPage;
		this.budget.update(this.expected, this.fixed ?? this.size, this.fixed !== undefined);
		const atEnd =
			records.length < perPage ||
			asked.page >= answer.lastPage ||
			(answer.total !== undefined && start + records.length >= answer.total);
		if (this.equalRun) return this.feedRun(this.equalRun, answer, start, atEnd);
		// Only pages that cannot overlap (a fixed size, or 1 or 2 records) may touch: others must link.
		const touching =
			start > 0 && start === this.end && (this.fixed !== undefined || asked.touching === true);
		const { held } = this;
		this.held = undefined;
		if (held) {
			// The last taken record's page, read again: nothing untaken up to the boundary confirms the held page.
			const boundary = records[this.end - 1 - start];
			const sizes = [held.before, held.answer.total, answer.total];
			const unchanged = sizes.every((total) => total === sizes[0]);
			if (boundary !== undefined && this.ids.has(boundary.id) && unchanged)
				return this.take(held.read, held.answer, true);
		} else if (touching && !confirmed) {
			this.held = { read, answer, before: this.lastTotal };
			this.queue.length = 0;
			const perPageNow = this.fixed ?? asked.perPage;
			this.queue.push(
				this.ask({ page: Math.floor((this.end - 1) / perPageNow) + 1, perPage: perPageNow }),
			);
			return false;
		}
		let last = records.length - 1;
		while (last >= 0 && !this.ids.has(records[last].id)) last--;
		const links = last >= 0 || (start === 0 && this.taken.length === 0) || (touching && confirmed);
		if (!links) {
			this.bridge(start);
			return false;
		}
		const { keyOf, tail } = this;
		if (keyOf && tail && !showsWholeRun(records, start, tail, keyOf, atEnd, answer.total)) {
			// Records of the value the taken ones end with may stand before this page now: count them.
			const taken = lastRunOf(this.taken, keyOf, tail.value);
			this.equalRun = new EqualRun(tail, taken, this.end, keyOf, this.fixed ?? this.size);
			return this.feedRun(this.equalRun, answer, start, atEnd);
		}
		let from = last + 1;
		// Records of that value may stand anywhere in its run on this page (their order is the service's whim).
		while (from > 0 && keyOf && tail && keyOf(records[from - 1]) === tail.value) from--;
		this.takeRecords(records.slice(from));
		// Where the list goes on (a bridge's end lies before the last record taken: the read walks on from there).
		this.end = start + records.length;
		this.lastTotal = answer.total;
		if (keyOf) this.tail = tailOf(records, start, keyOf, tail, answer.total, atEnd);
		const { limit } = this.options;
		return atEnd || (limit !== undefined && this.taken.length >= limit);
	}

	private takeRecords(records: ListedRecord[]): void {
		for (const record of records) {
			if (this.ids.has(record.id)) continue;
			this.ids.add(record.id);
			this.taken.push(record);
			this.misses = 0;
		}
	}

	private failure(problem: string): Error {
		return (this.options.fail ?? ((text) => new ListPageError(text, true)))(problem);
	}

	/** Asks for the page the run of equal values needs next (the pages planned are dropped). */
	private askRun(run: EqualRun): void {
		this.queue.length = 0;
		this.queue.push(this.ask(this.nextPage(run.position), run));
	}

	/**
	 * One answer while a run of equal values is collected; once it is complete (or holds what a Limit
	 * needs), its records are taken, then those after it on the page, and the read goes on from there.
	 */
	private feedRun(run: EqualRun, answer: PageAnswer, start: number, atEnd: boolean): boolean {
		const { records, total } = answer;
		const { limit } = this.options;
		if (start > run.position) {
			this.askRun(run);
			return false;
		}
		const complete = run.add(records, start, total, atEnd);
		const untaken = [...run.found.values()].filter((record) => !this.ids.has(record.id));
		const enough = limit !== undefined && this.taken.length + untaken.length >= limit;
		if (!complete && !enough) {
			if (run.exhausted) throw this.failure(run.problem(this.options.orderField));
			const planned = this.queue[0]?.asked;
			if (!run.forward || !planned || (planned.page - 1) * planned.perPage > run.position)
				this.askRun(run);
			return false;
		}
		this.equalRun = undefined;
		this.takeRecords(untaken);
		this.lastTotal = total;
		if (enough) return true;
		const pageEnd = start + records.length;
		if (run.endsAt >= pageEnd) {
			// The page lies inside the run: the read goes on after the run.
			this.end = run.endsAt;
			this.tail = { value: run.value, start: run.endsAt, total, complete: true };
			this.queue.length = 0;
			return total !== undefined && run.endsAt >= total;
		}
		this.takeRecords(records.slice(Math.max(0, run.endsAt - start)));
		this.end = pageEnd;
		const closed: Tail = { value: run.value, start: run.endsAt, total, complete: true };
		this.tail = tailOf(records, start, this.keyOf!, closed, total, atEnd);
		return atEnd || (limit !== undefined && this.taken.length >= limit);
	}

	/**
	 * A page that does not link: records before it were removed (the list moved back past the overlap),
	 * or those it shared were. It is dropped, and a page further back is read first (twice as far each
	 * time the read makes no progress); the pages after it go on from there. When even the first page
	 * does not link, the start of the list is all new: the read starts over (within the budget).
	 */
	private bridge(start: number): void {
		this.misses++;
		if (start === 0) {
			this.taken.length = 0;
			this.ids.clear();
			this.end = 0;
			this.plannedTo = 0;
			this.queue.length = 0;
			this.queue.unshift(this.ask({ page: 1, perPage: this.first }));
			return;
		}
		const back = (this.fixed ?? OVERLAP) * 2 ** this.misses;
		const from = Math.max(0, Math.min(start, this.end) - back);
		this.queue.unshift(
			this.ask(this.fixed !== undefined ? this.nextPage(from) : pageFrom(from, this.size)),
		);
	}
}
