/**
 * Unit tests of the walk's ascending pages (nodes/ReviewCollectionTrigger/walk/walk.ts), worked out by hand
 * from its doc comments: the backlog is read oldest first from the floor; a page that only touches the
 * last record read (pages of a fixed size) is held until that record's page, read again, shows nothing
 * newer up to its position; a page whose first record is newer than the last verified one is not trusted
 * (records were deleted below: step back, each time twice as far, at most 12 times); the walk reads up
 * to the list's size at its first answer, and stops at Max Events per Poll. New Review here: key [id, id].
 */
import { ID_MAX } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import type { PageAsk } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import {
	nextAsk,
	startWalk,
	takeAnswer,
	UnstableListError,
} from '../../nodes/ReviewCollectionTrigger/walk/walk';
import { answer, cursorAt, drive, foundIds, pages, remove, reviews } from './walk-service';

const FIXED_5 = { size: 5, fixed: true };
const backlog = (floorId: number, position: number, extra = {}) =>
	cursorAt(floorId, position, { backlog: true, ...extra });

describe('pages of a fixed size: each page after the last record read is held, then confirmed', () => {
	it('read from the floor to the end: every record above it once (not those of seen)', () => {
		const walk = startWalk('newReview', backlog(3, 3, { seen: [[5, 5]] }), 0, FIXED_5);
		const asks = drive(walk, reviews(1, 12));
		// Page 1 (positions 0-4, holds position 2), then page 2 held until page 1 is read again, page 3
		// held until page 2 is.
		expect(pages(asks)).toEqual([
			[1, 5],
			[2, 5],
			[1, 5],
			[3, 5],
			[2, 5],
		]);
		expect(asks.every((ask) => ask.direction === 'asc')).toBe(true);
		expect(foundIds(walk)).toEqual([4, 6, 7, 8, 9, 10, 11, 12]);
		expect(walk).toMatchObject({
			phase: 'done',
			complete: true,
			listTotal: 12,
			sawTop: true,
			verified: [12, 12],
			at: 11,
			stepsBack: 0,
			requests: 5,
		});
		expect(walk.read).toEqual(
			reviews(1, 12).map(({ id }) => ({ key: [id, id], position: id - 1 })),
		);
	});

	it('the first page of the list is taken at once (nothing before it to confirm)', () => {
		const walk = startWalk('newReview', backlog(0, 0), 0, FIXED_5);
		const ask = nextAsk(walk)!;
		expect(ask).toEqual({ direction: 'asc', page: 1, perPage: 5 });
		takeAnswer(walk, ask, answer(reviews(1, 12), ask));
		expect(foundIds(walk)).toEqual([1, 2, 3, 4, 5]);
		expect(walk.at).toBe(4);
	});

	it('a record deleted below before the confirming read: the held page is dropped, read again', () => {
		const list = reviews(1, 12);
		const walk = startWalk('newReview', backlog(3, 3), 0, FIXED_5);
		const asks = drive(walk, list, {}, (request) => request === 2 && remove(list, 2));
		// Page 1 read again now ends at 6 (newer than 5): taken as any page, the pages go on from it.
		expect(pages(asks)).toEqual([
			[1, 5],
			[2, 5],
			[1, 5],
			[2, 5],
			[1, 5],
			[3, 5],
			[2, 5],
		]);
		expect(foundIds(walk)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
		// The list shrank while read: its size is not kept for the idle check.
		expect(walk.complete).toBe(true);
		expect(walk.listTotal).toBeUndefined();
	});

	it('the confirming page shorter than the last position read: not confirmed', () => {
		const list = reviews(1, 12);
		const walk = startWalk('newReview', backlog(3, 3), 0, FIXED_5);
		drive(walk, list, {}, (request) => request === 2 && remove(list, 1, 2, 3, 4, 5, 9, 10, 11, 12));
		// Page 1 is now 6, 7, 8: the whole list.
		expect(foundIds(walk)).toEqual([4, 5, 6, 7, 8]);
		expect(walk.complete).toBe(true);
	});
});

describe('deletions below the read position: step back', () => {
	it('a page that starts past the last record verified is not trusted: records before it are found', () => {
		const list = reviews(1, 20);
		const walk = startWalk('newReview', backlog(8, 8), 0, FIXED_5);
		// Ids 1-5 deleted: page 2 (positions 5-9) now starts at 11; 9 and 10 moved onto page 1.
		const asks = drive(walk, list, {}, (request) => request === 0 && remove(list, 1, 2, 3, 4, 5));
		expect(pages(asks).slice(0, 2)).toEqual([
			[2, 5],
			[1, 5],
		]);
		expect(walk.stepsBack).toBe(1);
		expect(foundIds(walk)).toEqual(reviews(9, 20).map(({ id }) => id));
		expect(walk.complete).toBe(true);
	});

	it('an empty page past the end of a list that shrank: back from where the list now ends', () => {
		const list = reviews(1, 60);
		const walk = startWalk('newReview', backlog(48, 48), 0, FIXED_5);
		// 45 records deleted below the floor: 15 left; page 10 (positions 45-49) is empty. From the
		// list's end (position 14) one page back (5): position 9, which ends page 2 (page 3 next).
		const asks = drive(walk, list, {}, (request) => request === 0 && list.splice(0, 45));
		expect(pages(asks).slice(0, 2)).toEqual([
			[10, 5],
			[3, 5],
		]);
		expect(foundIds(walk)).toEqual(reviews(49, 60).map(({ id }) => id));
	});

	it('twice as far each time; the 13th step back fails the poll (UnstableListError)', () => {
		// A service whose pages always start past the last record verified (records deleted below
		// faster than it can be paged): ids far above the floor, 200,000 records.
		const walk = startWalk('newReview', backlog(100, 99_995), 0, { size: 10, fixed: true });
		const asks: PageAsk[] = [];
		const read = () => {
			const ask = nextAsk(walk)!;
			asks.push(ask);
			const start = (ask.page - 1) * 10;
			takeAnswer(walk, ask, {
				data: Array.from({ length: 10 }, (_, i) => ({ id: 1_000_000 + start + i })),
				pagination: { current_page: ask.page, last_page: 20_000, per_page: 10, total: 200_000 },
			});
		};
		for (let i = 0; i < 24; i++) read();
		expect(walk.stepsBack).toBe(12);
		expect(() => read()).toThrow(UnstableListError);
		// Position 99,994 is on page 10,000; then back 10 to 99,979 (ends page 9,998: page 9,999 only
		// touches it, held, and page 9,998 read again fails the same way), back 20 to 99,949, back 40
		// to 99,899, back 80 to 99,809 (ends page 9,981).
		expect(
			pages(asks)
				.map(([page]) => page)
				.slice(0, 9),
		).toEqual([10_000, 9_999, 9_998, 9_996, 9_995, 9_991, 9_990, 9_982, 9_981]);
		expect(walk.found.size).toBe(0);
	});

	it('a page asked out of turn that lies before the last position read: repeated records', () => {
		const walk = startWalk('newReview', backlog(0, 0), 0, FIXED_5);
		drive(walk, reviews(1, 30), {}, undefined, 3);
		expect(walk.at).toBe(9);
		// Page 1, or page 2 that ends at the last position read.
		for (const page of [1, 2]) {
			const again = { direction: 'asc' as const, page, perPage: 5 };
			expect(() => takeAnswer(walk, again, answer(reviews(1, 30), again))).toThrow(
				/repeats records already read/,
			);
		}
	});

	it('the list now ends at the last record read: read to its end, no repeat', () => {
		const list = reviews(1, 25);
		const walk = startWalk('newReview', backlog(0, 0), 0, { size: 10, fixed: false });
		// After page 1 (ids 1-10), 11 to 25 deleted: the next page (from position 9) holds only 10.
		drive(walk, list, {}, (request) => request === 1 && list.splice(10));
		expect(foundIds(walk)).toEqual(reviews(1, 10).map(({ id }) => id));
		expect(walk).toMatchObject({ complete: true, phase: 'done', at: 9 });
	});
});

describe('where an ascending walk stops', () => {
	const FREE_10 = { size: 10, fixed: false };

	it('at the list size of its first answer: records inserted meanwhile are the next poll’s', () => {
		const list = reviews(1, 25);
		const walk = startWalk('newReview', backlog(0, 0), 0, FREE_10);
		drive(walk, list, {}, (request) => request === 1 && list.push(...reviews(26, 60)));
		expect(walk.endAt).toBe(24);
		expect(foundIds(walk).slice(0, 25)).toEqual(reviews(1, 25).map(({ id }) => id));
		expect(walk.found.size).toBeLessThan(60);
		expect(walk).toMatchObject({ phase: 'done', complete: false });
		// Without a total, up to the end of the list as it is.
		const unsized = startWalk('newReview', backlog(0, 0), 0, FREE_10);
		const grown = reviews(1, 25);
		drive(unsized, grown, { noTotal: true }, (n) => n === 1 && grown.push(...reviews(26, 60)));
		expect(unsized.found.size).toBe(60);
		expect(unsized.complete).toBe(true);
		expect(unsized.listTotal).toBeUndefined();
		// Pages of 5: the size at the first answer (10) reached exactly at the end of page 2.
		const fixed = startWalk('newReview', backlog(0, 0), 0, FIXED_5);
		const ten = reviews(1, 10);
		drive(fixed, ten, {}, (n) => n === 1 && ten.push(...reviews(11, 20)));
		expect(foundIds(fixed)).toEqual(reviews(1, 10).map(({ id }) => id));
		expect(fixed).toMatchObject({ phase: 'done', complete: false, at: 9 });
	});

	it('once Max Events per Poll records are found', () => {
		const walk = startWalk('newReview', backlog(0, 0), 0, FREE_10);
		walk.want = 10;
		expect(drive(walk, reviews(1, 25))).toHaveLength(1);
		expect(walk).toMatchObject({ phase: 'done', complete: false });
		expect(walk.found.size).toBe(10);
	});

	it('at records not due yet (above end): the list ends there', () => {
		const walk = startWalk('newReview', backlog(0, 0), 0, FREE_10);
		walk.end = [7, ID_MAX];
		drive(walk, reviews(1, 25));
		expect(foundIds(walk)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(walk).toMatchObject({ complete: true, listTotal: 22, topId: 10 });
		expect(walk.sawTop).toBeUndefined();
	});

	it('a page smaller than asked: asked again of the size learned, nothing taken from it', () => {
		const walk = startWalk('newReview', backlog(0, 0), 0, FREE_10);
		const ask = nextAsk(walk)!;
		takeAnswer(walk, ask, answer(reviews(1, 25), ask, { cap: 5 }));
		expect(walk.shape).toEqual({ size: 5, fixed: false, capped: true });
		expect(walk).toMatchObject({ at: -1, requests: 1, read: [] });
		expect(nextAsk(walk)).toEqual({ direction: 'asc', page: 1, perPage: 5 });
	});

	it('gone on from the last stop to the end, Max Events per Poll found: the floor is the next poll’s', () => {
		const seen = reviews(1, 12).map(({ id }): [number, number] => [id, id]);
		const walk = startWalk(
			'newReview',
			backlog(0, 0, { resume: [12, 12], resumeAt: 12, seen }),
			0,
			FREE_10,
		);
		walk.want = 13;
		const asks = drive(walk, reviews(1, 25));
		expect(foundIds(walk)).toEqual(reviews(13, 25).map(({ id }) => id));
		expect(asks.every((ask) => ask.direction === 'asc')).toBe(true);
		expect(walk).toMatchObject({ phase: 'done', complete: false, resumed: true });
	});

	it('gone on from the last stop to the end: looked at again from the floor in the same walk', () => {
		// Records 1..12 handled (in seen: the last walk fired them), the walk stopped after 12. Review 5
		// was deleted since and one recorded late with id 5 (the same key): only a read from the floor
		// sees it. The resumed read ends at 25, then the walk probes page 1 (25..16), does not reach
		// the floor, and reads from it oldest first up to 12 (not to the end again): 5 is new, the
		// rest known. The top is not claimed (the last read of it was from the stop, not the floor).
		const seen = reviews(1, 12).map(({ id }): [number, number] => [id, id]);
		const cursor = backlog(0, 0, {
			resume: [12, 12],
			resumeAt: 12,
			seen: seen.filter(([id]) => id !== 5),
		});
		const walk = startWalk('newReview', cursor, 0, FREE_10);
		const asks = drive(walk, reviews(1, 25));
		expect(foundIds(walk)).toEqual([5, ...reviews(13, 25).map(({ id }) => id)]);
		expect(asks.map((ask) => ask.direction)).toContain('desc');
		// Each ascending page holds the last position read and reaches furthest (sizes 10 down to 5):
		// from position 11, page 2 of 10 (10..19); from 19, page 3 of 9 (18..26) reaches further than
		// page 2 of 10. From the floor: page 1 newest first, page 1 of 10 (0..9), from 9 page 2 of 9
		// (9..17), which holds 12.
		expect(pages(asks)).toEqual([
			[2, 10],
			[3, 9],
			[1, 10],
			[1, 10],
			[2, 9],
		]);
		expect(walk).toMatchObject({ complete: true, resumed: false });
		expect(walk.sawTop).toBeUndefined();
	});
});
