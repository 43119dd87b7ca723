/**
 * Unit tests of late appearance by id (nodes/ReviewCollectionTrigger/walk/late-join.ts), worked out by hand
 * from its doc comments: the floor rises to an id only once a poll listed it a Late Event Window before
 * the walk started; marks a window old are dropped but the newest of them; the first look keeps the
 * newest ids one by one, the floor below them. The engine tests are test/trigger/defects/late-*.test.ts.
 */
import type { Cursor, Key } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { handledUpTo, ID_MAX, isHandled } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import {
	FIRST_LOOK_SEEN,
	firstLookJoins,
	joinFloor,
	MAX_MARKS,
	withMark,
} from '../../nodes/ReviewCollectionTrigger/walk/late-join';

const W = 600;
const cursorWith = (floor: Key, marks: Key[]): Cursor => ({
	...handledUpTo('s', 0, floor),
	marks,
});

describe('joinFloor', () => {
	it('the newest id listed at least a window before the walk started', () => {
		const cursor = cursorWith(
			[10, ID_MAX],
			[
				[1_000, 20],
				[1_300, 30],
				[1_700, 40],
			],
		);
		expect(joinFloor(cursor, 1_599, W)).toEqual([10, ID_MAX]);
		expect(joinFloor(cursor, 1_600, W)).toEqual([20, ID_MAX]);
		expect(joinFloor(cursor, 1_900, W)).toEqual([30, ID_MAX]);
		expect(joinFloor(cursor, 5_000, W)).toEqual([40, ID_MAX]);
	});

	it('never below the floor; without marks, the floor', () => {
		expect(joinFloor(cursorWith([50, ID_MAX], [[1_000, 20]]), 5_000, W)).toEqual([50, ID_MAX]);
		expect(joinFloor(handledUpTo('s', 0, [7, ID_MAX]), 5_000, W)).toEqual([7, ID_MAX]);
	});
});

describe('withMark', () => {
	it('adds [when, highest id listed] when the id is higher than the last mark', () => {
		const cursor = cursorWith([0, ID_MAX], [[1_000, 20]]);
		expect(withMark(cursor, 1_100, 25, W).marks).toEqual([
			[1_000, 20],
			[1_100, 25],
		]);
		expect(withMark(cursor, 1_100, 20, W).marks).toEqual([[1_000, 20]]);
		expect(withMark(cursor, 1_100, 0, W).marks).toEqual([[1_000, 20]]);
	});

	it('keeps only the newest mark a window old, and none at or below the floor', () => {
		const cursor = cursorWith(
			[15, ID_MAX],
			[
				[100, 10],
				[200, 20],
				[300, 30],
				[2_000, 40],
			],
		);
		expect(withMark(cursor, 2_100, 45, W).marks).toEqual([
			[300, 30],
			[2_000, 40],
			[2_100, 45],
		]);
		expect(withMark({ ...cursor, floor: [30, ID_MAX] }, 2_100, 45, W).marks).toEqual([
			[2_000, 40],
			[2_100, 45],
		]);
	});

	it('at most MAX_MARKS: the closest in time are merged away, the oldest and newest kept', () => {
		let cursor = cursorWith([0, ID_MAX], []);
		for (let i = 1; i <= MAX_MARKS + 10; i++)
			cursor = withMark(cursor, i * (i % 3 ? 1 : 5), i, 1e9);
		expect(cursor.marks).toHaveLength(MAX_MARKS);
		expect(cursor.marks![0]).toEqual([1, 1]);
		expect(cursor.marks!.at(-1)![1]).toBe(MAX_MARKS + 10);
	});
});

describe('firstLookJoins', () => {
	const NONE = { ids: [], more: false };
	const keys = (from: number, to: number): Key[] =>
		Array.from({ length: to - from + 1 }, (_, i) => [to - i, to - i]);

	it('the newest FIRST_LOOK_SEEN ids one by one, the floor at the one below: an id between them fires', () => {
		const read = keys(1, 100).filter(([id]) => id !== 90);
		const cursor = firstLookJoins(handledUpTo('s', 0, [0, ID_MAX]), read, 1_000, NONE, 5_000);
		expect(cursor.seen).toHaveLength(FIRST_LOOK_SEEN);
		expect(cursor.floor).toEqual([100 - FIRST_LOOK_SEEN - 1, 100 - FIRST_LOOK_SEEN - 1]);
		expect(isHandled(cursor, [90, 90])).toBe(false);
		expect(isHandled(cursor, [100, 100])).toBe(true);
		expect(isHandled(cursor, [40, 40])).toBe(true);
		expect(cursor.marks).toEqual([[5_000, 100]]);
		expect(cursor.position).toBe(1_000 - FIRST_LOOK_SEEN);
	});

	it('a whole list of a few: every id in seen, nothing below handled (a late one there fires)', () => {
		const cursor = firstLookJoins(handledUpTo('s', 0, [0, ID_MAX]), keys(5, 9), 5, NONE, 5_000);
		expect(cursor.floor).toEqual([-1, ID_MAX]);
		expect(cursor.seen).toHaveLength(5);
		expect(isHandled(cursor, [3, 3])).toBe(false);
		expect(cursor.position).toBe(0);
	});

	it('the newest review flagged duplicate is handled too, and counts for the mark', () => {
		const cursor = firstLookJoins(
			handledUpTo('s', 0, [0, ID_MAX]),
			keys(5, 9),
			5,
			{ ids: [12], more: false },
			5_000,
		);
		expect(isHandled(cursor, [12, 12])).toBe(true);
		expect(isHandled(cursor, [11, 11])).toBe(false);
		expect(cursor.marks).toEqual([[5_000, 12]]);
	});

	it('every review flagged duplicate above the floor is handled (un-flagged later, it does not fire)', () => {
		const read = keys(1, 100).filter(([id]) => id !== 90 && id !== 70 && id !== 20);
		const hidden = { ids: [90, 70, 20], more: false };
		const cursor = firstLookJoins(handledUpTo('s', 0, [0, ID_MAX]), read, 1_000, hidden, 5_000);
		expect(isHandled(cursor, [90, 90])).toBe(true);
		expect(isHandled(cursor, [70, 70])).toBe(true);
		// Below the floor: handled as every id there.
		expect(isHandled(cursor, [20, 20])).toBe(true);
		expect(cursor.floor[0]).toBeLessThan(70);
	});

	it('more reviews flagged duplicate than listed: the floor rises to the lowest listed', () => {
		const read = keys(1, 100).filter(([id]) => id % 2 === 1);
		const hidden = { ids: [100, 98, 96], more: true };
		const cursor = firstLookJoins(handledUpTo('s', 0, [0, ID_MAX]), read, 1_000, hidden, 5_000);
		// 94 may be a duplicate the question did not list: handled. 97 and 99, listed, are in seen.
		expect(isHandled(cursor, [94, 94])).toBe(true);
		expect(cursor.floor).toEqual([95, ID_MAX]);
		expect(isHandled(cursor, [96, 96])).toBe(true);
		expect(isHandled(cursor, [97, 97])).toBe(true);
		expect(cursor.marks).toEqual([[5_000, 100]]);
	});
});
