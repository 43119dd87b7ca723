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

export function expectReturnAllPages(requests: LoggedRequest[], total: number): void {
	expect(requests[0].query).toMatchObject({ page: '1', per_page: String(PAGE_SIZE) });
	const pages = requests
		.map((request) => {
			const page = Number(request.query.page);
			const perPage = Number(request.query.per_page);
			return { start: (page - 1) * perPage, end: page * perPage, perPage };
		})
		.sort((a, b) => a.start - b.start);
	for (const { perPage } of pages) {
		expect(perPage).toBeGreaterThanOrEqual(PAGE_SIZE / 2);
		expect(perPage).toBeLessThanOrEqual(PAGE_SIZE);
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
	expect(requests.length).toBeLessThanOrEqual(fewestPages(total));
}

/** The fewest pages (page 1 of PAGE_SIZE first) that reach `total`, each overlapping the one before by OVERLAP records. */
export function fewestPages(total: number): number {
	let ends = new Set([PAGE_SIZE]);
	for (let pages = 1; ; pages++) {
		if ([...ends].some((end) => end >= total)) return pages;
		const next = new Set<number>();
		for (const end of ends)
			for (let perPage = PAGE_SIZE / 2; perPage <= PAGE_SIZE; perPage++)
				// The pages of this size that start OVERLAP records or more before `end` and reach past it.
				for (
					let page = Math.floor(end / perPage) + 1;
					(page - 1) * perPage <= end - OVERLAP;
					page++
				)
					next.add(page * perPage);
		ends = next;
	}
}
