/**
 * The first look (nodes/ReviewCollectionTrigger/walk/first-look.ts) on hand-built answers, rule by rule: it
 * pages newest first until the Late Event Window below the newest moment is read, starts again from
 * page 1 when a record above the last one read moved (at most 3 times), takes a page of a fixed size
 * that starts right after it only while pagination.total is unchanged. The cursor it stores:
 * first-look-cursor.test.ts. Expected values come from those rules, not from the code's output.
 */
import type { ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import type { FirstLook } from '../../nodes/ReviewCollectionTrigger/walk/first-look';
import {
	firstLookAsk,
	startFirstLook,
	takeFirstLookAnswer,
} from '../../nodes/ReviewCollectionTrigger/walk/first-look';
import type { PageShape } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import { FIRST_SHAPE, OrderError } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import type { Serve } from '../harness/list-answers';
import {
	answer,
	byId as reviews,
	idKeys as keysOf,
	keysIn,
	replies,
	timed,
} from '../harness/list-answers';

/** Takes the answer of `list` to the look's next ask. */
function take(look: FirstLook, list: ListRecord[], serve?: Serve) {
	takeFirstLookAnswer(look, answer(list, firstLookAsk(look), serve));
}

/** A window wider than any list here: the look reads to the end of the list. */
const WIDE = 1_000;
const shape = (size: number, fixed = false): PageShape => ({ size, fixed });

describe('startFirstLook and firstLookAsk', () => {
	it('a fresh look has read nothing and asks for page 1 newest first, of the page size it has', () => {
		expect(startFirstLook('newReview', 0)).toEqual({
			event: 'newReview',
			shape: FIRST_SHAPE,
			windowSeconds: 0,
			keys: [],
			total: 0,
			done: false,
			complete: false,
			topId: 0,
			at: -1,
			read: new Map(),
			restarts: 0,
		});
		expect(firstLookAsk(startFirstLook('newReview', 0))).toEqual({
			direction: 'desc',
			page: 1,
			perPage: 100,
		});
		expect(firstLookAsk(startFirstLook('reviewReplied', 5, shape(7)))).toEqual({
			direction: 'desc',
			page: 1,
			perPage: 7,
		});
	});

	it('after a page, the page that includes the last record read and reaches furthest past it', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		take(look, reviews(10, 1));
		expect(look.at).toBe(3);
		// Position 3: pages of 4 end at it; pages of 3 hold 3..5 (two past it): page 2 of 3.
		expect(firstLookAsk(look)).toEqual({ direction: 'desc', page: 2, perPage: 3 });
		const fixed = startFirstLook('newReview', WIDE, shape(4, true));
		take(fixed, reviews(10, 1));
		// A fixed size: page 1 ends at position 3, so page 2 (it only touches what was read).
		expect(firstLookAsk(fixed)).toEqual({ direction: 'desc', page: 2, perPage: 4 });
	});
});

describe('reading the list to its end', () => {
	it('one page shorter than asked: every record, in order, done and complete, no restart', () => {
		const look = startFirstLook('newReview', 0, shape(5));
		take(look, reviews(3, 1));
		expect(look).toMatchObject({ done: true, complete: true, restarts: 0, total: 3, at: 2 });
		expect(look.keys).toEqual(keysOf([3, 2, 1]));
		expect([...look.read.keys()]).toEqual([3, 2, 1]);
	});

	it('several pages: stops at the last page (full pages, last_page reached)', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		const list = reviews(10, 3); // 8 records: page 1 = 0..3, then page 2 of 3 = 3..5, then 5..7
		take(look, list);
		expect(look.done).toBe(false);
		take(look, list);
		expect(look).toMatchObject({ done: false, complete: false, at: 5, restarts: 0 });
		take(look, list);
		expect(look).toMatchObject({ done: true, complete: true, at: 7, restarts: 0, total: 8 });
		expect(look.keys).toEqual(keysOf([10, 9, 8, 7, 6, 5, 4, 3]));
	});

	it('a full page that is the last page (last_page reached) ends the look', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		take(look, reviews(4, 1));
		expect(look).toMatchObject({ done: true, complete: true, total: 4 });
	});

	it('the total is the first page’s pagination.total, else the records of page 1', () => {
		const many = startFirstLook('newReview', 0, shape(3));
		take(many, reviews(9, 1));
		expect(many.total).toBe(9);
		const none = startFirstLook('newReview', 0, shape(5));
		take(none, reviews(4, 1), { total: null });
		expect(none.total).toBe(4);
		// A record inserted above after page 1: the list grows, the look's total is page 1's.
		const grown = startFirstLook('newReview', WIDE, shape(4));
		take(grown, reviews(10, 1));
		take(grown, reviews(11, 1));
		expect(grown.total).toBe(10);
	});

	it('the highest id listed, wherever it stands in the moment order', () => {
		const look = startFirstLook('reviewReplied', 0, shape(5));
		take(look, replies('50:3 40:9 30:4'));
		expect(look.topId).toBe(9);
	});

	it('a page out of order fails naming sort_dir=desc', () => {
		const look = startFirstLook('reviewReplied', 0, shape(5));
		const wrong = replies('10:1 20:2');
		expect(() => take(look, wrong)).toThrow(OrderError);
		expect(() => take(startFirstLook('reviewReplied', 0), wrong)).toThrow(
			/sort_dir=desc, newest first/,
		);
	});
});

describe('records above the last one read moved: from page 1 again, at most 3 times', () => {
	/** Reads `list` to the end (at most 20 answers). */
	const finish = (look: FirstLook, list: ListRecord[], serve?: Serve) => {
		for (let i = 0; i < 20 && !look.done; i++) take(look, list, serve);
		expect(look.done).toBe(true);
	};
	const without = (list: ListRecord[], ...ids: number[]) =>
		list.filter((record) => !ids.includes(record.id));

	it('a record above deleted: page 2 starts with one not read, the look starts again', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		take(look, reviews(10, 1)); // 10 9 8 7
		const list = without(reviews(10, 1), 9);
		take(look, list); // page 2 of 3 (positions 3..5): 6 5 4, not 7
		expect(look).toMatchObject({ restarts: 1, keys: [], at: -1, done: false });
		expect(look.read.size).toBe(0);
		expect(firstLookAsk(look)).toEqual({ direction: 'desc', page: 1, perPage: 4 });
		finish(look, list);
		expect(look.keys).toEqual(keysOf([10, 8, 7, 6, 5, 4, 3, 2, 1]));
		expect(look).toMatchObject({ restarts: 1, complete: true, total: 9 });
	});

	it('a moment set earlier: the record in that place was read with another moment', () => {
		const look = startFirstLook('reviewReplied', WIDE, shape(4));
		const list = '100:1 99:2 98:3 97:4 95:5 94:6';
		take(look, replies(list)); // 100 99 98 97
		// Review 2's reply set earlier, to 96: position 3 holds review 2, read with moment 99.
		take(look, replies('100:1 98:3 97:4 96:2 95:5 94:6'));
		expect(look).toMatchObject({ restarts: 1, keys: [], at: -1 });
		const again = startFirstLook('reviewReplied', WIDE, shape(4));
		take(again, replies(list));
		// Review 4's reply set earlier, to 96: position 3 holds it still, with another moment.
		take(again, replies('100:1 99:2 98:3 96:4 95:5 94:6'));
		expect(again).toMatchObject({ restarts: 1, keys: [], at: -1 });
	});

	it('records inserted above only repeat records: each read once, no restart', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		take(look, reviews(10, 1));
		finish(look, reviews(11, 1)); // page 2 of 3 holds 8 7 6: 8 and 7 read already
		expect(look.keys).toEqual(keysOf([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]));
		expect(look.restarts).toBe(0);
	});

	it('the place of the last record read is gone (the list shrank): the look starts again', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		take(look, reviews(6, 1)); // 6 5 4 3
		take(look, [{ id: 6 }, { id: 1 }]); // page 2 of 3 (positions 3..5): empty
		expect(look).toMatchObject({ restarts: 1, keys: [], at: -1 });
		finish(look, [{ id: 6 }, { id: 1 }]);
		expect(look.keys).toEqual(keysOf([6, 1]));
	});

	it('a list that moves on every page 2: three restarts, then the look goes on', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		let list = reviews(20, 1);
		for (let restarts = 1; restarts <= 3; restarts++) {
			take(look, list);
			list = without(list, list[1].id); // the second newest deleted
			take(look, list);
			expect(look).toMatchObject({ restarts, keys: [], at: -1 });
		}
		take(look, list); // 20 16 15 14
		list = without(list, 16);
		take(look, list); // positions 3..5: 13 12 11, not 14: moved, but no fourth restart
		expect(look.restarts).toBe(3);
		expect(look.keys).toEqual(keysOf([20, 16, 15, 14, 13, 12, 11]));
		expect(look.at).toBe(5);
	});
});

describe('pages of a fixed size: the page after the last record read counts while the total is unchanged', () => {
	const fixed3 = () => startFirstLook('newReview', WIDE, shape(3, true));

	it('the same total: taken, no restart', () => {
		const look = fixed3();
		take(look, reviews(7, 1)); // 7 6 5
		expect(firstLookAsk(look)).toEqual({ direction: 'desc', page: 2, perPage: 3 });
		take(look, reviews(7, 1)); // 4 3 2
		expect(look).toMatchObject({ restarts: 0, at: 5 });
		take(look, reviews(7, 1)); // 1
		expect(look).toMatchObject({ done: true, restarts: 0 });
		expect(look.keys).toEqual(keysOf([7, 6, 5, 4, 3, 2, 1]));
	});

	it('another total (a record added): the look starts again', () => {
		const look = fixed3();
		take(look, reviews(7, 1));
		take(look, reviews(8, 1));
		expect(look).toMatchObject({ restarts: 1, keys: [], at: -1 });
		for (let i = 0; i < 3; i++) take(look, reviews(8, 1));
		expect(look).toMatchObject({ done: true, restarts: 1 });
		expect(look.keys).toEqual(keysOf([8, 7, 6, 5, 4, 3, 2, 1]));
	});

	it('no pagination.total: never counted, so three restarts before the look goes on', () => {
		const look = fixed3();
		for (let i = 0; i < 6; i++) take(look, reviews(7, 1), { total: null });
		expect(look).toMatchObject({ restarts: 3, keys: [], done: false });
		for (let i = 0; i < 3; i++) take(look, reviews(7, 1), { total: null });
		expect(look).toMatchObject({ done: true, restarts: 3 });
		expect(look.keys).toEqual(keysOf([7, 6, 5, 4, 3, 2, 1]));
	});

	it('pages of 1: the second page starts right after the first record, a new total restarts', () => {
		const same = startFirstLook('newReview', WIDE, shape(1));
		for (let i = 0; i < 3; i++) take(same, reviews(3, 1));
		expect(same).toMatchObject({ done: true, restarts: 0 });
		expect(same.keys).toEqual(keysOf([3, 2, 1]));
		const shrunk = startFirstLook('newReview', WIDE, shape(1));
		take(shrunk, reviews(3, 1)); // 3
		take(shrunk, [{ id: 3 }, { id: 1 }]); // page 2: 1, total 2
		expect(shrunk).toMatchObject({ restarts: 1, keys: [], at: -1 });
	});

	it('a later page of another size than asked is not taken: asked again at the size learned', () => {
		const look = startFirstLook('newReview', WIDE, shape(4));
		take(look, reviews(10, 1)); // 10 9 8 7
		take(look, reviews(10, 1), { fixed: 4 }); // page 2 of 3 asked, a page of 4 answered
		expect(look).toMatchObject({ at: 3, restarts: 0, shape: { size: 4, fixed: true } });
		expect(look.keys).toEqual(keysOf([10, 9, 8, 7]));
		expect(firstLookAsk(look)).toEqual({ direction: 'desc', page: 2, perPage: 4 });
		take(look, reviews(10, 1), { fixed: 4 });
		expect(look.keys).toEqual(keysOf([10, 9, 8, 7, 6, 5, 4, 3]));
		// Page 1 smaller than asked (the service's largest page): taken at once.
		const capped = startFirstLook('newReview', WIDE, shape(5));
		take(capped, reviews(10, 1), { fixed: 3 });
		expect(capped.keys).toEqual(keysOf([10, 9, 8]));
		expect(capped.shape).toEqual({ size: 3, fixed: false, capped: true });
	});
});

describe('the Late Event Window below the newest moment: read until a page goes past it', () => {
	it('window 10 below moment 100: moments 90 and up are inside it; a page with 89 ends the look', () => {
		const look = startFirstLook('reviewReplied', 10, shape(3));
		const list = replies('100:1 95:2 91:3 90:4 89:5 80:6 70:7');
		take(look, list); // 100 95 91
		expect(look.done).toBe(false);
		take(look, list); // page 2 of 2: 91 90 (90 is inside the window)
		expect(look).toMatchObject({ done: false, at: 3 });
		take(look, list); // page 2 of 3: 90 89 80
		expect(look).toMatchObject({ done: true, complete: true, restarts: 0, total: 7 });
		expect(look.keys).toEqual(keysIn('100:1 95:2 91:3 90:4 89:5 80:6'));
	});

	it('no window: every record of the newest second, however many pages they fill', () => {
		const look = startFirstLook('reviewReplied', 0, shape(3));
		const list = replies('50:9 50:8 50:7 50:6 50:5 49:4 48:3');
		take(look, list); // 50 50 50
		take(look, list); // positions 2..3: 50 50
		expect(look.done).toBe(false);
		take(look, list); // positions 3..5: 50 50 49
		expect(look.done).toBe(true);
		expect(look.keys.map(([, id]) => id)).toEqual([9, 8, 7, 6, 5, 4]);
	});
});

describe('records above `end` have not happened: left out, and out of the total', () => {
	it('Review Unanswered, end at 95: the two newer ones are not read; the highest id counts them', () => {
		const look = startFirstLook('reviewUnanswered', 0, shape(10));
		look.end = [95, Number.MAX_SAFE_INTEGER];
		take(look, timed('created_at', '100:9 97:8 94:3 90:4 80:5'));
		expect(look.keys).toEqual(keysIn('94:3 90:4 80:5'));
		expect([...look.read.keys()]).toEqual([3, 4, 5]);
		expect(look).toMatchObject({ total: 3, topId: 9, done: true, complete: true });
	});
});
