/**
 * Which page to ask for (./list-reader.ts): the API pages only by `page` and `per_page` (a page starts
 * at (page - 1) × per_page), so a page that starts a few records before the last one ended is found
 * among the sizes from half the largest page to the largest. Pure.
 */

export interface Page {
	page: number;
	perPage: number;
}

/** Records each page shares with the one before it when nothing changes. */
export const OVERLAP = 2;

/** The smallest largest-page for overlapping pages (sizes from half of it up must line up past any offset). */
export const MIN_OVERLAPPING = 20;

/** The page that starts at or before `from` and reaches furthest, of a size from `smallest` to `size`. */
export function pageFrom(from: number, size: number, smallest = Math.ceil(size / 2)): Page {
	let best: Page = { page: 1, perPage: size };
	let bestEnd = -1;
	for (let perPage = size; perPage >= Math.max(1, smallest); perPage--) {
		const page = Math.floor(Math.max(0, from) / perPage) + 1;
		if (page * perPage > bestEnd) {
			best = { page, perPage };
			bestEnd = page * perPage;
		}
	}
	return best;
}

/** The page after `from`, overlapping the one before by up to OVERLAP records; it always goes past `from`. */
export function pageAfter(from: number, size: number): Page & { touching?: boolean } {
	// Some offsets are a multiple of every large size: then a smaller page overlaps.
	for (const smallest of [undefined, 2])
		for (let overlap = OVERLAP; overlap > 0; overlap--) {
			const next = pageFrom(from - overlap, size, smallest);
			if (next.page * next.perPage > from) return next;
		}
	// Pages this small cannot overlap (a service whose largest page is 1 or 2): the next only touches.
	return { ...pageFrom(from, size), touching: true };
}

/** How many pages Return All asks for a list of `total` records that does not change while read. */
export function pagesToRead(total: number, size: number): number {
	let pages = 1;
	for (let end = size; end < total; pages++) {
		const next = pageAfter(end, size);
		end = next.page * next.perPage;
	}
	return pages;
}
