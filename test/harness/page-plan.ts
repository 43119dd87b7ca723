import { PAGE_SIZE } from '../../nodes/ReviewCollection/transport';
import type { LoggedRequest } from '../simulator';

/**
 * The pages Return All asks for a list of `total` records that does not change while read, checked
 * against the reader's design (transport/list-reader.ts, header), not against its code: page 1 of
 * PAGE_SIZE, then pages of PAGE_SIZE / 2 to PAGE_SIZE records (a page starts at (page - 1) × per_page),
 * each starting inside the one before (they overlap, so each page can link to what was taken) and
 * reaching past it, none asked for once the list's end is reached, and no more of them than the fewest
 * pages that overlap by OVERLAP records need, counted here by a search of every page plan.
 */
const OVERLAP = 2;

/** A plan's page sizes and overlap (defaults: the package's page of PAGE_SIZE, pages of half of it up). */
export interface PlanShape {
	/** The largest page the service gives. */
	largest?: number;
	/** Records each page shares with the one before, at least. */
	overlap?: number;
	smallest?: number;
}

export function expectReturnAllPages(
	requests: LoggedRequest[],
	total: number,
	largest = PAGE_SIZE,
): void {
	expect(requests[0].query).toMatchObject({ page: '1', per_page: String(PAGE_SIZE) });
	const pages = requests
		.map((request) => {
			const page = Number(request.query.page);
			// A service whose largest page is smaller answers that many (page 1 asks for PAGE_SIZE).
			const perPage = Math.min(largest, Number(request.query.per_page));
			return { start: (page - 1) * perPage, end: page * perPage, perPage };
		})
		.sort((a, b) => a.start - b.start);
	for (const { perPage } of pages) {
		expect(perPage).toBeGreaterThanOrEqual(Math.ceil(largest / 2));
		expect(perPage).toBeLessThanOrEqual(largest);
	}
	pages.slice(1).forEach((page, i) => {
		const before = pages[i];
		// Overlaps the page before (shares at least one record with it) and goes past its end.
		expect({ page, before, overlaps: page.start < before.end }).toMatchObject({ overlaps: true });
		expect({ page, before, goesOn: page.end > before.end }).toMatchObject({ goesOn: true });
		// Asked for only while the list went on past the page before.
		expect({ page, before, needed: before.end < total }).toMatchObject({ needed: true });
	});
	expect(pages.at(-1)!.end).toBeGreaterThanOrEqual(total);
	expect(requests.length).toBeLessThanOrEqual(fewestPages(total, { largest }));
}

/**
 * The fewest pages (page 1 of the largest size first) that reach `total`, each starting `overlap`
 * records or more before the one before ends and reaching past it: a search of every page plan, by
 * where its pages end (of one size, only one page starts early enough and reaches past a given end).
 */
export function fewestPages(total: number, shape: PlanShape = {}): number {
	const { largest = PAGE_SIZE, overlap = OVERLAP } = shape;
	const smallest = shape.smallest ?? Math.ceil(largest / 2);
	const pagesTo = new Array<number>(total + largest + 1).fill(Infinity);
	pagesTo[largest] = 1;
	if (largest >= total) return 1;
	for (let end = largest; end < total; end++) {
		if (pagesTo[end] === Infinity) continue;
		for (let perPage = smallest; perPage <= largest; perPage++) {
			const reach = (Math.floor((end - overlap) / perPage) + 1) * perPage;
			const at = Math.min(reach, total);
			if (reach > end) pagesTo[at] = Math.min(pagesTo[at], pagesTo[end] + 1);
		}
	}
	return pagesTo[total];
}
