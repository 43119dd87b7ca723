/**
 * How many requests a list read may send (./list-reader.ts), pure: a list that changes faster than it
 * can be read fails after a bounded number of them. Set by the first answer, from the list's size then
 * (it does not grow with a list that grows) and the pages served: three reads a page when pages overlap,
 * eight when they only touch (each confirmed by a second read).
 */
export class ReadBudget {
	private requests = 0;
	private limit = Infinity;
	private perBudget = 0;
	private firstTotal: number | undefined;

	constructor(private readonly concurrency: number) {}

	/** Counts one request; false when it is one too many. */
	spend(): boolean {
		this.requests++;
		return this.requests <= this.limit;
	}

	/** Pages read so far. */
	get spent(): number {
		return this.requests;
	}

	/** After an answer: `total` the list's size as known, `served` the page size, `touching` pages. */
	update(total: number, served: number, touching: boolean): void {
		const reads = touching ? 8 : 3;
		if (this.limit !== Infinity && served * reads === this.perBudget) return;
		this.perBudget = served * reads;
		this.firstTotal ??= total;
		this.limit = reads * Math.ceil(this.firstTotal / served) + 2 * this.concurrency + 10;
	}
}
