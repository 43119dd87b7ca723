/**
 * Small tests of the trigger's pure pieces that the engine tests and the property test reach only in
 * passing (found by `npm run mutate`: CONTRIBUTING.md, "Mutation testing"): how Max Events per Poll is
 * shared out across projects, what an answer shows of the service's pages, and the order checks.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { allot, output } from '../../nodes/ReviewCollectionTrigger/emit';
import type { Watch } from '../../nodes/ReviewCollectionTrigger/reading/list-request';
import type { PageShape } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import {
	checkOrder,
	FIRST_SHAPE,
	happened,
	keyOrThrow,
	learnShape,
	OrderError,
	pageFor,
	pageWith,
} from '../../nodes/ReviewCollectionTrigger/walk/paging';
import { ListPageError } from '../../nodes/ReviewCollection/transport/list-page';

describe('allot: Max Events per Poll shared out across projects', () => {
	it.each<[number[], number, number[]]>([
		// Equal shares.
		[[5, 5], 4, [2, 2]],
		// A project with fewer leaves the rest to the others.
		[[1, 10], 6, [1, 5]],
		[[0, 4], 3, [0, 3]],
		// What does not divide evenly goes to the first in line.
		[[3, 3, 3], 5, [2, 2, 1]],
		[[9, 9, 9], 7, [3, 2, 2]],
		// Fewer than one each: the first in line.
		[[4, 4, 4], 2, [1, 1, 0]],
		// Room for everything.
		[[2, 3], 10, [2, 3]],
		// Nothing to share, or nothing allowed.
		[[0, 0], 5, [0, 0]],
		[[3, 3], 0, [0, 0]],
		[[], 5, []],
	])('counts %j, at most %i: %j', (counts, max, shares) => {
		expect(allot(counts, max)).toEqual(shares);
	});

	it('never more than asked or than a project has; the whole budget used while any is left', () => {
		for (let seed = 1; seed <= 200; seed++) {
			const counts = Array.from({ length: 1 + (seed % 5) }, (_, i) => (seed * (i + 7)) % 13);
			const max = seed % 17;
			const shares = allot(counts, max);
			const sum = shares.reduce((a, b) => a + b, 0);
			const all = counts.reduce((a, b) => a + b, 0);
			expect(sum).toBe(Math.min(max, all));
			shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(counts[i]));
			// Fair: two projects that both could take more differ by at most one.
			for (let i = 0; i < counts.length; i++)
				for (let j = 0; j < counts.length; j++)
					if (shares[j] < counts[j]) expect(shares[i] - shares[j]).toBeLessThanOrEqual(1);
		}
	});
});

describe('output: the items as n8n gets them', () => {
	const review = { id: 5, rating: 4, body: 'Great', customer_id: 9, extra_field: 'x' };
	const ctxWith = (simplify: unknown) =>
		({
			getNodeParameter: (name: string, fallback: unknown) =>
				name === 'simplify' ? simplify : fallback,
		}) as unknown as IPollFunctions;
	const watch = { event: 'newReview' } as Watch;

	it('not simplified: the record as listed, with the project on top for an agency-wide trigger', () => {
		expect(output(ctxWith(false), watch, [review])).toEqual([{ json: review }]);
		expect(output(ctxWith(false), watch, [review], { id: 3, name: 'P' })).toEqual([
			{ json: { ...review, project: { id: 3, name: 'P' } } },
		]);
	});

	it('simplified only when Simplify is true: fewer fields, the project kept', () => {
		const [simplified] = output(ctxWith(true), watch, [review], { id: 3, name: 'P' });
		expect(simplified.json).not.toHaveProperty('extra_field');
		expect(simplified.json).toMatchObject({ id: 5, project: { id: 3, name: 'P' } });
		expect(output(ctxWith('true'), watch, [review])).toEqual([{ json: review }]);
	});
});

describe('learnShape: what an answer shows of the pages', () => {
	it('the size asked for: nothing new', () => {
		expect(learnShape(FIRST_SHAPE, 100, 100)).toBe(FIRST_SHAPE);
	});

	it('a smaller page the first time: the service largest page, honoured below it', () => {
		expect(learnShape(FIRST_SHAPE, 100, 50)).toEqual({ size: 50, fixed: false, capped: true });
	});

	it('a larger page than asked: the service ignores the size asked for', () => {
		expect(learnShape(FIRST_SHAPE, 60, 100)).toEqual({ size: 100, fixed: true });
	});

	it('smaller again once capped: another size than one it honours, so a fixed size', () => {
		const capped: PageShape = { size: 50, fixed: false, capped: true };
		expect(learnShape(capped, 40, 30)).toEqual({ size: 30, fixed: true });
	});

	it('a fixed size answered again: nothing new; another size: the new fixed size', () => {
		const fixed: PageShape = { size: 25, fixed: true };
		expect(learnShape(fixed, 100, 25)).toBe(fixed);
		expect(learnShape(fixed, 25, 30)).toEqual({ size: 30, fixed: true });
		expect(learnShape(fixed, 100, 20)).toEqual({ size: 20, fixed: true });
	});
});

describe('pageFor and pageWith with pages of a fixed size', () => {
	it('pageWith: the page of a fixed size that includes the position (from the first below 0)', () => {
		expect(pageWith(0, 25, true)).toEqual({ page: 1, perPage: 25 });
		expect(pageWith(24, 25, true)).toEqual({ page: 1, perPage: 25 });
		expect(pageWith(25, 25, true)).toEqual({ page: 2, perPage: 25 });
		expect(pageWith(-1, 25)).toEqual({ page: 1, perPage: 25 });
		expect(pageWith(-1, 25, true)).toEqual({ page: 1, perPage: 25 });
	});

	it('pageFor: the page that includes it when it goes past it, else the page right after it', () => {
		expect(pageFor(10, 25, true)).toEqual({ page: 1, perPage: 25 });
		expect(pageFor(24, 25, true)).toEqual({ page: 2, perPage: 25 });
		expect(pageFor(49, 25, true)).toEqual({ page: 3, perPage: 25 });
		expect(pageFor(-1, 25, true)).toEqual({ page: 1, perPage: 25 });
		// Pages of 1: no page goes past a position, the next one starts right after it.
		expect(pageFor(4, 1)).toEqual({ page: 6, perPage: 1 });
	});

	it('pageWith (sizes free): the page reaches past the position by nearly a whole page', () => {
		expect(pageWith(0)).toEqual({ page: 1, perPage: 100 });
		expect(pageWith(99)).toEqual({ page: 2, perPage: 99 });
		expect(pageWith(3, 4)).toEqual({ page: 2, perPage: 3 });
		// 72 with pages of 10: page 8 (70..79) reaches 7 past it, size - 3: good enough, though page 9
		// of 9 (72..80) would reach 8.
		expect(pageWith(72, 10)).toEqual({ page: 8, perPage: 10 });
		// 34 with pages of 10: page 4 (30..39) reaches 5 past it; page 5 of 8 (32..39) ends alike and
		// 5 is size - 3 at 8: the larger page is kept.
		expect(pageWith(34, 10)).toEqual({ page: 4, perPage: 10 });
		// 95: page 1 of 100 reaches only 4 past it; page 2 of 95 (95..189) reaches 94, size - 1.
		expect(pageWith(95)).toEqual({ page: 2, perPage: 95 });
		// Fixed: 9 is on page 1 of 10, even though page 2 of 9 would reach further.
		expect(pageWith(9, 10, true)).toEqual({ page: 1, perPage: 10 });
	});

	it('pageWith (sizes free): below 60 % of the size, a page that goes past is kept as it is', () => {
		// 51: page 1 of 100 reaches 48 past it (not size - 3); at size 60 it goes past, so page 2 of 51
		// (51..101) is not looked for. 59: the same at size 60 itself (page 2 of 59 not looked for).
		expect(pageWith(51)).toEqual({ page: 1, perPage: 100 });
		expect(pageWith(59)).toEqual({ page: 1, perPage: 100 });
	});
});

describe('checkOrder and keyOrThrow', () => {
	const records = [{ id: 1 }, { id: 2 }, { id: 3 }];

	it('oldest first: by moment, equal moments in any order; an older moment after a newer one is refused', () => {
		expect(() =>
			checkOrder(
				records,
				[
					[1, 1],
					[1, 2],
					[2, 3],
				],
				'asc',
			),
		).not.toThrow();
		// Equal moments in another order (a service over SQL without a tiebreaker): not an order error.
		expect(() =>
			checkOrder(
				records,
				[
					[1, 2],
					[1, 1],
					[2, 3],
				],
				'asc',
			),
		).not.toThrow();
		expect(() =>
			checkOrder(
				records,
				[
					[1, 2],
					[2, 1],
					[1, 3],
				],
				'asc',
			),
		).toThrow(OrderError);
		expect(() =>
			checkOrder(
				records,
				[
					[2, 1],
					[1, 2],
				],
				'asc',
			),
		).toThrow(/sort_dir=asc, oldest first\): record 2 is out of place/);
	});

	it('the same key twice is not out of order (a repeated record is the walk’s to judge)', () => {
		const keys: Array<[number, number]> = [
			[1, 1],
			[1, 1],
		];
		expect(() => checkOrder(records, keys, 'asc')).not.toThrow();
	});

	it('newest first: by moment only (ties in any order); an older moment first is refused', () => {
		expect(() =>
			checkOrder(
				records,
				[
					[2, 1],
					[2, 2],
					[1, 3],
				],
				'desc',
			),
		).not.toThrow();
		expect(() =>
			checkOrder(
				records,
				[
					[2, 2],
					[2, 1],
				],
				'desc',
			),
		).not.toThrow();
		expect(() =>
			checkOrder(
				records,
				[
					[2, 1],
					[1, 2],
					[3, 3],
				],
				'desc',
			),
		).toThrow(/sort_dir=desc, newest first\): record 3 is out of place/);
	});

	it('keyOrThrow: [moment, id], or an error naming the record without a time', () => {
		expect(keyOrThrow('newReview', { id: 7 })).toEqual([7, 7]);
		expect(keyOrThrow('reviewReplied', { id: 7, replied_at: 100 })).toEqual([100, 7]);
		expect(() => keyOrThrow('reviewReplied', { id: 7, replied_at: null })).toThrow(ListPageError);
		// A record's shape, not how the list pages.
		expect(() => keyOrThrow('reviewReplied', { id: 7 })).toThrow(
			expect.objectContaining({ paging: false }),
		);
		expect(() => keyOrThrow('reviewReplied', { id: 8 })).toThrow(
			"record 8 has no time for the event's moment",
		);
	});
});

describe('happened: the records of a page at or below `end`', () => {
	it('a record exactly at `end` has happened; those above are cut', () => {
		const records = [{ id: 1 }, { id: 2 }, { id: 3 }];
		const keys: Array<[number, number]> = [
			[4, 1],
			[5, 2],
			[6, 3],
		];
		expect(happened([5, 2], records, keys)).toEqual({
			records: [{ id: 1 }, { id: 2 }],
			keys: [
				[4, 1],
				[5, 2],
			],
			cut: 1,
		});
		expect(happened(undefined, records, keys)).toEqual({ records, keys, cut: 0 });
	});
});
