/**
 * Unit tests of the list reader (nodes/ReviewCollection/transport/list-reader.ts), worked out by hand
 * from its doc comments: each page starts OVERLAP records before the last one ended, of a size from half
 * the largest page up, reaching furthest; a page counts only when it links (shows a record taken) and is
 * taken from its last taken record on; a page that does not link is dropped for one further back (twice
 * as far each time), and when even page 1 does not, the read starts over; pages that cannot overlap (a
 * service's own page size, or fewer than 20) only touch and are held until the last taken record's page,
 * read again with the same list size, confirms them; a list that changes faster than it can be read
 * fails after a bounded number of requests. Generated histories: list-reader-property.test.ts.
 */
import type { PageAnswer } from '../../nodes/ReviewCollection/transport/list-reader';
import {
	pageAfter,
	pageFrom,
	pagesToRead,
	readList,
} from '../../nodes/ReviewCollection/transport/list-reader';
import type { Row } from '../harness/id-rows';
import { ids, rows } from '../harness/id-rows';

interface Service {
	/** Pages of this size whatever is asked. */
	fixed?: number;
	/** The largest page it gives. */
	cap?: number;
	noTotal?: boolean;
}

/** A page source over `list` (answered as it is when asked); `before(n)` may change it first. */
function source(list: Row[], service: Service = {}, before?: (request: number) => void) {
	const asked: Array<[number, number]> = [];
	const readPage = async (page: number, perPage: number): Promise<PageAnswer> => {
		before?.(asked.length);
		asked.push([page, perPage]);
		// A read that never ends fails here rather than at the test's timeout.
		if (asked.length > 500) throw new Error('more than 500 pages asked for');
		const size = service.fixed ?? Math.min(perPage, service.cap ?? perPage);
		return {
			records: list.slice((page - 1) * size, page * size).map((row) => ({ ...row })),
			lastPage: Math.max(1, Math.ceil(list.length / size)),
			...(service.noTotal ? {} : { total: list.length }),
			perPage: size,
		};
	};
	return { readPage, asked };
}

const removeIds = (list: Row[], ...gone: number[]) =>
	gone.forEach((id) =>
		list.splice(
			list.findIndex((row) => row.id === id),
			1,
		),
	);

describe('pageFrom, pageAfter, pagesToRead', () => {
	it('pageFrom: starts at or before the offset, reaches furthest (the largest size on a tie)', () => {
		expect(pageFrom(0, 10)).toEqual({ page: 1, perPage: 10 });
		expect(pageFrom(-5, 10)).toEqual({ page: 1, perPage: 10 });
		// Sizes 10 to 20: 18 records a page starts at 18 and ends at 36.
		expect(pageFrom(18, 20)).toEqual({ page: 2, perPage: 18 });
		// Half of 3 rounded up: pages of 2 allowed (2-3), where a page of 3 only reaches 3.
		expect(pageFrom(2, 3)).toEqual({ page: 2, perPage: 2 });
		expect(pageFrom(9, 10, 3)).toEqual({ page: 2, perPage: 9 });
	});

	it('pageAfter: OVERLAP (2) records back, else 1; sizes too small to overlap only touch', () => {
		expect(pageAfter(20, 20)).toStrictEqual({ page: 2, perPage: 18 });
		expect(pageAfter(100, 100)).toStrictEqual({ page: 2, perPage: 98 });
		// Pages of 2-3 after 3: none starting at 1 goes past 3; from 2, a page of 2 does.
		expect(pageAfter(3, 3)).toStrictEqual({ page: 2, perPage: 2 });
		// 60 is a multiple of every size from 3 to 6: the page after it only touches.
		expect(pageAfter(60, 6)).toStrictEqual({ page: 11, perPage: 6, touching: true });
		expect(pageAfter(5, 1)).toStrictEqual({ page: 6, perPage: 1, touching: true });
	});

	it('pagesToRead: pages of 100, then 98 from 98 (to 196), then 97 from 194', () => {
		expect(pagesToRead(0, 100)).toBe(1);
		expect(pagesToRead(100, 100)).toBe(1);
		expect(pagesToRead(101, 100)).toBe(2);
		expect(pagesToRead(196, 100)).toBe(2);
		expect(pagesToRead(197, 100)).toBe(3);
		expect(pagesToRead(50, 20)).toBe(3);
	});
});

describe('readList over a list nobody changes', () => {
	it('every record once, in order, with overlapping pages', async () => {
		const { readPage, asked } = source(rows(1, 50));
		expect(ids(await readList(readPage, { pageSize: 20 }))).toEqual(ids(rows(1, 50)));
		expect(asked).toEqual([
			[1, 20],
			[2, 18],
			[3, 17],
		]);
		const empty = source([]);
		expect(await readList(empty.readPage, { pageSize: 20 })).toEqual([]);
		expect(empty.asked).toHaveLength(1);
	});

	it('a Limit: the first page no larger than it, no page more than it needs', async () => {
		const small = source(rows(1, 50));
		expect(ids(await readList(small.readPage, { pageSize: 20, limit: 5 }))).toEqual(
			ids(rows(1, 5)),
		);
		expect(small.asked).toEqual([[1, 5]]);
		const two = source(rows(1, 50));
		expect(ids(await readList(two.readPage, { pageSize: 20, limit: 30 }))).toEqual(
			ids(rows(1, 30)),
		);
		expect(two.asked).toEqual([
			[1, 20],
			[2, 18],
		]);
	});

	it('ends at a full last page (last_page, or the total reached) without asking past it', async () => {
		const byLastPage = source(rows(1, 36), { noTotal: true });
		expect(ids(await readList(byLastPage.readPage, { pageSize: 20 }))).toEqual(ids(rows(1, 36)));
		expect(byLastPage.asked).toHaveLength(2);
		// last_page says more pages, the total says the list ends here.
		const list = rows(1, 36);
		const answers = source(list);
		const lying = async (page: number, perPage: number) => ({
			...(await answers.readPage(page, perPage)),
			lastPage: 9,
		});
		expect(ids(await readList(lying, { pageSize: 20 }))).toEqual(ids(list));
		expect(answers.asked).toHaveLength(2);
	});

	it('a service whose largest page is smaller: its size, overlapping from 20 up', async () => {
		const { readPage, asked } = source(rows(1, 70), { cap: 30 });
		expect(ids(await readList(readPage, { pageSize: 100 }))).toEqual(ids(rows(1, 70)));
		expect(asked).toEqual([
			[1, 100],
			[2, 28],
			[3, 27],
		]);
	});

	it('20 a page still overlaps, 19 only touches; an answer without per_page is of the size asked', async () => {
		const capped = source(rows(1, 50), { cap: 20 });
		expect(ids(await readList(capped.readPage, { pageSize: 100 }))).toEqual(ids(rows(1, 50)));
		expect(capped.asked).toEqual([
			[1, 100],
			[2, 18],
			[3, 17],
		]);
		const small = source(rows(1, 40));
		expect(ids(await readList(small.readPage, { pageSize: 19 }))).toEqual(ids(rows(1, 40)));
		expect(small.asked).toEqual([
			[1, 19],
			[2, 19],
			[1, 19],
			[3, 19],
			[2, 19],
		]);
		const unsized = source(rows(1, 50));
		const withoutSize = async (page: number, perPage: number) => {
			const answer = await unsized.readPage(page, perPage);
			delete answer.perPage;
			return answer;
		};
		expect(ids(await readList(withoutSize, { pageSize: 20 }))).toEqual(ids(rows(1, 50)));
		expect(unsized.asked).toEqual([
			[1, 20],
			[2, 18],
			[3, 17],
		]);
	});

	it('a record listed twice on one page comes once', async () => {
		const list = [...rows(1, 30), { id: 30 }, ...rows(31, 40)];
		const { readPage } = source(list);
		expect(ids(await readList(readPage, { pageSize: 20 }))).toEqual(ids(rows(1, 40)));
	});

	it('pages that only touch (below 20, or the service own size): each confirmed by a second read', async () => {
		for (const [service, pageSize, expected] of [
			[
				{ cap: 10 },
				100,
				[
					[1, 100],
					[2, 10],
					[1, 10],
					[3, 10],
					[2, 10],
				],
			],
			[
				{ fixed: 8 },
				5,
				[
					[1, 5],
					[2, 8],
					[1, 8],
					[3, 8],
					[2, 8],
				],
			],
			[
				{ fixed: 7 },
				20,
				[
					[1, 20],
					[2, 7],
					[1, 7],
					[3, 7],
					[2, 7],
				],
			],
		] as const) {
			const list = rows(1, 2 * (service.fixed ?? service.cap) + 3);
			const { readPage, asked } = source(list, service);
			expect(ids(await readList(readPage, { pageSize }))).toEqual(ids(list));
			expect(asked).toEqual(expected);
		}
	});
});

describe('readList over a list others change while it is read', () => {
	it('records added at the start meanwhile: the taken ones go on, nothing twice', async () => {
		const list = rows(1, 50);
		let next = 100;
		const { readPage } = source(
			list,
			{},
			(n) => n === 1 && list.unshift({ id: next++ }, { id: next++ }),
		);
		expect(ids(await readList(readPage, { pageSize: 20 }))).toEqual(ids(rows(1, 50)));
	});

	it('records removed before the next page: it does not link, a page 4 records back does', async () => {
		const list = rows(1, 50);
		const { readPage, asked } = source(list, {}, (n) => n === 1 && removeIds(list, 1, 2, 3, 4, 5));
		expect(ids(await readList(readPage, { pageSize: 20 }))).toEqual(ids(rows(1, 50)));
		// Page 2 of 18 (from 18) shows 24-41; 4 back from 18: a page of 14 from 14 (20 on).
		expect(asked.slice(0, 3)).toEqual([
			[1, 20],
			[2, 18],
			[2, 14],
		]);
	});

	it('even page 1 does not link: the read starts over (what was taken is dropped)', async () => {
		const list = rows(1, 50);
		const { readPage, asked } = source(list, {}, (n) => n === 1 && list.splice(0, 25));
		expect(ids(await readList(readPage, { pageSize: 20 }))).toEqual(ids(rows(26, 50)));
		// Page 2 of 18, 4 back (2 of 14), 8 back (page 1, from the start: no link), page 1 again.
		expect(asked.slice(0, 5)).toEqual([
			[1, 20],
			[2, 18],
			[2, 14],
			[1, 20],
			[1, 20],
		]);
	});

	it('a held page: a record removed below before the confirming read drops it', async () => {
		const list = rows(1, 20);
		const { readPage } = source(list, { fixed: 7 }, (n) => n === 2 && removeIds(list, 3));
		expect(ids(await readList(readPage, { pageSize: 20 }))).toEqual(ids(rows(1, 20)));
	});

	it('a held page: one removed and one added before the boundary, either side of it (same boundary, other size)', async () => {
		const list = rows(1, 20);
		const { readPage } = source(list, { fixed: 7 }, (n) => {
			// Before the held page 2: 2 removed, so page 2 starts at 9 (8 moved back onto page 1).
			if (n === 1) removeIds(list, 2);
			// Before page 1 is read again: one added at the start, page 1 ends at 7 again.
			if (n === 2) list.unshift({ id: 100 });
		});
		expect(ids(await readList(readPage, { pageSize: 20 }))).toEqual(ids(rows(1, 20)));
	});
});
