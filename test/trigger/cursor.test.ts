import type { Cursor, ListAnswer, Walk } from '../../nodes/ReviewCollectionTrigger/cursor';
import {
	MAX_STEP_BACKS,
	MalformedAnswerError,
	UnstableListError,
	finishWalk,
	firstPollQuery,
	initialCursor,
	newestQuery,
	pageQuery,
	startWalk,
	storedCursor,
	takePage,
} from '../../nodes/ReviewCollectionTrigger/cursor';

const cursor = (lastId: number, lastCreatedAt = 0): Cursor => ({ scope: 's', lastId, lastCreatedAt });
const answer = (records: Array<{ id: number; created_at?: number }>, total: number, lastPage: number): ListAnswer => ({
	data: records,
	pagination: { total, last_page: lastPage, per_page: 100, current_page: 1 },
});
const ids = (from: number, to: number) => {
	const out: Array<{ id: number; created_at: number }> = [];
	for (let id = from; id >= to; id--) out.push({ id, created_at: 1000 + id });
	return out;
};

describe('cursor: requests', () => {
	it('reviews walk by id, messages by created_at, newest first, 100 a page', () => {
		expect(pageQuery(startWalk('newReview', cursor(5)))).toEqual({ sort_key: 'id', sort_dir: 'desc', page: 1, per_page: 100 });
		expect(pageQuery(startWalk('newMessage', cursor(5, 9)))).toEqual({ sort_key: 'created_at', sort_dir: 'desc', page: 1, per_page: 100 });
		expect(newestQuery('newReview')).toEqual({ sort_key: 'id', sort_dir: 'desc', page: 1, per_page: 1 });
	});

	it('the first poll records the newest record, or 0 for an empty list', () => {
		expect(firstPollQuery('newMessage')).toMatchObject({ page: 1, per_page: 100 });
		expect(initialCursor('newReview', 's', answer([{ id: 7, created_at: 50 }], 3, 3))).toEqual({ scope: 's', lastId: 7, lastCreatedAt: 0 });
		// Messages: the newest second may list its messages in any order; the cursor takes the largest id.
		const newestSecond = [{ id: 7, created_at: 50 }, { id: 9, created_at: 50 }, { id: 8, created_at: 49 }];
		expect(initialCursor('newMessage', 's', answer(newestSecond, 3, 1))).toEqual({ scope: 's', lastId: 9, lastCreatedAt: 50 });
		expect(initialCursor('newReview', 's', answer([], 0, 1))).toEqual({ scope: 's', lastId: 0, lastCreatedAt: 0 });
	});

	it('a stored cursor of another scope, or a damaged one, is not used', () => {
		expect(storedCursor({ scope: 's', lastId: 3, lastCreatedAt: 0 }, 's')).toEqual(cursor(3));
		expect(storedCursor({ scope: 'other', lastId: 3, lastCreatedAt: 0 }, 's')).toBeUndefined();
		expect(storedCursor({ scope: 's', lastId: '3', lastCreatedAt: 0 }, 's')).toBeUndefined();
		expect(storedCursor(undefined, 's')).toBeUndefined();
	});
});

describe('cursor: newReview walk', () => {
	it('nothing new: one page, done, cursor unchanged', () => {
		const walk = takePage(startWalk('newReview', cursor(50)), answer(ids(50, 1), 50, 1));
		expect(walk.done).toBe(true);
		expect(finishWalk(walk)).toEqual({ records: [], cursor: cursor(50) });
	});

	it('stops at the first page showing an id at or below the cursor even when more pages exist', () => {
		const walk = takePage(startWalk('newReview', cursor(1000)), answer(ids(1010, 911), 1010, 11));
		expect(walk.done).toBe(true);
		const { records, cursor: next } = finishWalk(walk);
		expect(records.map((r) => r.id)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010]);
		expect(next.lastId).toBe(1010);
	});

	it('walks on while whole pages are new, then emits ascending, each id once', () => {
		let walk: Walk = startWalk('newReview', cursor(100));
		walk = takePage(walk, answer(ids(350, 251), 350, 4));
		expect(walk).toMatchObject({ done: false, page: 2 });
		// Five inserts between the answers push records down: 255..251 come again.
		walk = takePage(walk, answer(ids(255, 156), 355, 4));
		expect(walk).toMatchObject({ done: false, page: 3 });
		walk = takePage(walk, answer(ids(160, 61), 355, 4));
		expect(walk.done).toBe(true);
		const { records, cursor: next } = finishWalk(walk);
		expect(records.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => 101 + i));
		expect(next.lastId).toBe(350);
	});

	it('an id far below (an imported review) is new when above the cursor; older ids are not', () => {
		const walk = takePage(startWalk('newReview', cursor(20)), answer([{ id: 22 }, { id: 21 }, { id: 20 }], 3, 1));
		expect(finishWalk(walk).records.map((r) => r.id)).toEqual([21, 22]);
	});

	it('when the total drops between pages it steps back, so a record that moved up is not skipped', () => {
		let walk: Walk = startWalk('newReview', cursor(0));
		walk = takePage(walk, answer(ids(300, 201), 300, 3));
		// Record 250 was deleted before page 2 was answered: 200 moved up onto page 1.
		const page2 = ids(199, 100).filter((r) => r.id !== 250);
		walk = takePage(walk, answer(page2, 299, 3));
		expect(walk).toMatchObject({ done: false, page: 1, stepBacks: 1 });
		walk = takePage(walk, answer(ids(300, 200).filter((r) => r.id !== 250), 299, 3));
		walk = takePage(walk, answer(ids(199, 100), 299, 3));
		walk = takePage(walk, answer(ids(99, 1), 299, 3));
		expect(walk.done).toBe(true);
		expect(finishWalk(walk).records).toHaveLength(300);
	});

	it('keeps stepping back only a bounded number of times, then fails (nothing stored)', () => {
		let walk: Walk = startWalk('newReview', cursor(0));
		let total = 10_000;
		walk = takePage(walk, answer(ids(10_000, 9_901), total, 100));
		expect(() => {
			for (let i = 0; i <= MAX_STEP_BACKS; i++) walk = takePage(walk, answer(ids(9_900, 9_801), --total, 100));
		}).toThrow(UnstableListError);
	});

	it('rejects answers it cannot order by', () => {
		const walk = startWalk('newReview', cursor(1));
		expect(() => takePage(walk, { data: 'nope', pagination: { total: 1, last_page: 1 } })).toThrow(MalformedAnswerError);
		expect(() => takePage(walk, answer([{ id: 'x' as unknown as number }], 1, 1))).toThrow(MalformedAnswerError);
		expect(() => takePage(walk, { data: [{ id: 2 }] })).toThrow(MalformedAnswerError);
	});
});

describe('cursor: newMessage walk', () => {
	it('reads the whole second of the cursor, in any tie order, and decides newness by id', () => {
		const c = cursor(10, 500);
		// Same second 500: ids 9, 12, 10, 11 in an arbitrary order; 8 is older.
		const page = [{ id: 13, created_at: 501 }, { id: 9, created_at: 500 }, { id: 12, created_at: 500 }, { id: 10, created_at: 500 }, { id: 11, created_at: 500 }, { id: 8, created_at: 499 }];
		const walk = takePage(startWalk('newMessage', c), answer(page, 13, 1));
		expect(walk.done).toBe(true);
		const { records, cursor: next } = finishWalk(walk);
		expect(records.map((r) => r.id)).toEqual([11, 12, 13]);
		expect(next).toEqual({ scope: 's', lastId: 13, lastCreatedAt: 501 });
	});

	it('a message with a larger id but an older created_at than the cursor is not new', () => {
		const walk = takePage(startWalk('newMessage', cursor(2, 500)), answer([{ id: 2, created_at: 500 }, { id: 3, created_at: 400 }], 3, 1));
		expect(finishWalk(walk)).toEqual({ records: [], cursor: cursor(2, 500) });
	});

	it('does not stop on a page that is all in the cursor second', () => {
		const sameSecond = Array.from({ length: 100 }, (_, i) => ({ id: 200 - i, created_at: 500 }));
		const walk = takePage(startWalk('newMessage', cursor(150, 500)), answer(sameSecond, 300, 3));
		expect(walk).toMatchObject({ done: false, page: 2 });
	});

	it('a message without an integer created_at is a malformed answer', () => {
		expect(() => takePage(startWalk('newMessage', cursor(1, 1)), answer([{ id: 2 }], 1, 1))).toThrow(MalformedAnswerError);
	});
});
