/**
 * Unit tests of the cursor's rules (nodes/ReviewCollectionTrigger/state/cursor.ts), worked out by hand from its
 * doc comments: keys order by moment then id; a key is handled at or below the floor or when listed in
 * `seen`; after a walk the floor stays `window` seconds below the newest moment handled, rising no higher
 * than what the walk read from the floor (`readUpTo`); `seen` holds the handled keys above the floor,
 * ascending, once each. The property test (cursor-property) reaches these only in passing.
 */
import type { Cursor, Key } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import {
	advance,
	compareKeys,
	handledUpTo,
	ID_MAX,
	initialCursor,
	isHandled,
	keyOf,
	MAX_SEEN,
	sinceCursor,
} from '../../nodes/ReviewCollectionTrigger/state/cursor';

describe('compareKeys and keyOf', () => {
	it('orders by moment first, ties by id', () => {
		expect(Math.sign(compareKeys([5, 9], [6, 1]))).toBe(-1);
		expect(Math.sign(compareKeys([6, 1], [5, 9]))).toBe(1);
		expect(Math.sign(compareKeys([5, 2], [5, 3]))).toBe(-1);
		expect(Math.sign(compareKeys([5, 3], [5, 2]))).toBe(1);
		expect(compareKeys([5, 3], [5, 3])).toBe(0);
	});

	it('keyOf: [moment, id]; the id is the moment of "appears" events; no key before the moment happened', () => {
		expect(keyOf('newReview', { id: 42 })).toEqual([42, 42]);
		expect(keyOf('reviewReplied', { id: 3, replied_at: 1_700 })).toEqual([1_700, 3]);
		// Moment 0 is a moment (not "unset").
		expect(keyOf('reviewReplied', { id: 3, replied_at: 0 })).toEqual([0, 3]);
		expect(keyOf('reviewReplied', { id: 3, replied_at: null })).toBeUndefined();
		expect(keyOf('messageDelivered', { id: 4 })).toBeUndefined();
	});
});

describe('isHandled: at or below the floor, or listed in seen', () => {
	const cursor = handledUpTo(
		's',
		100,
		[90, 7],
		[
			[95, 1],
			[100, 2],
		],
	);

	it('below or at the floor', () => {
		expect(isHandled(cursor, [89, 1_000])).toBe(true);
		expect(isHandled(cursor, [90, 6])).toBe(true);
		expect(isHandled(cursor, [90, 7])).toBe(true);
	});

	it('above the floor: only the keys of seen, both moment and id', () => {
		expect(isHandled(cursor, [90, 8])).toBe(false);
		expect(isHandled(cursor, [95, 1])).toBe(true);
		expect(isHandled(cursor, [100, 2])).toBe(true);
		// Same id at another moment (a moment set again), another id at the same moment: new.
		expect(isHandled(cursor, [96, 1])).toBe(false);
		expect(isHandled(cursor, [95, 2])).toBe(false);
		expect(isHandled(cursor, [101, 3])).toBe(false);
		expect(isHandled(handledUpTo('s', 100, [90, 7]), [95, 1])).toBe(false);
	});
});

describe('advance: the cursor after a walk', () => {
	const cursor: Cursor = {
		scope: 's',
		moment: 100,
		floor: [90, ID_MAX],
		seen: [
			[95, 1],
			[100, 2],
		],
		position: 7,
		backlog: true,
		total: 50,
		resume: [99, 9],
		resumeAt: 40,
	};

	it('read to the end: newest moment up, floor window below it, seen ascending once each, hints dropped', () => {
		const next = advance(
			cursor,
			[
				[105, 3],
				[98, 4],
				[100, 2],
			],
			10,
			12,
			true,
		);
		// Newest 105, window 10: every key up to [94, ID_MAX] handled.
		expect(next).toStrictEqual({
			scope: 's',
			moment: 105,
			floor: [94, ID_MAX],
			seen: [
				[95, 1],
				[98, 4],
				[100, 2],
				[105, 3],
			],
			position: 12,
			backlog: false,
		});
	});

	it('no window: only the newest moment stays listed; an older key found does not lower the moment', () => {
		const next = advance(
			cursor,
			[
				[105, 6],
				[105, 3],
				[50, 8],
			],
			0,
			3,
			false,
		);
		expect(next.moment).toBe(105);
		expect(next.floor).toEqual([104, ID_MAX]);
		expect(next.seen).toEqual([
			[105, 3],
			[105, 6],
		]);
		expect(next.backlog).toBe(true);
		expect(advance(cursor, [[60, 1]], 0, 3, true).moment).toBe(100);
	});

	it('nothing new: the floor still follows the moment (a window shortened)', () => {
		const next = advance(cursor, [], 3, 7, true);
		expect(next.floor).toEqual([96, ID_MAX]);
		expect(next.seen).toEqual([[100, 2]]);
		// The floor never goes down (a wider window than before).
		expect(advance(cursor, [], 20, 7, true).floor).toEqual([90, ID_MAX]);
	});

	it('readUpTo below the window floor: the floor rises only that far; keys at it drop out of seen', () => {
		const next = advance(
			cursor,
			[
				[105, 3],
				[98, 4],
			],
			2,
			12,
			false,
			[98, 4],
		);
		expect(next.floor).toEqual([98, 4]);
		expect(next.seen).toEqual([
			[100, 2],
			[105, 3],
		]);
	});

	it('readUpTo above the window floor, or below the old floor: no effect', () => {
		const keys: Key[] = [[105, 3]];
		expect(advance(cursor, keys, 10, 1, false, [104, 1]).floor).toEqual([94, ID_MAX]);
		expect(advance(cursor, keys, 10, 1, false, [85, 1]).floor).toEqual([90, ID_MAX]);
		expect(advance(cursor, keys, 10, 1, false, [92, 5]).floor).toEqual([92, 5]);
	});

	it('keeps since, ceiling, top and from as they were (and nothing when they are absent)', () => {
		const extra = { since: 80, ceiling: [120, ID_MAX] as Key, top: [70, 5] as Key, from: 86_400 };
		expect(advance({ ...cursor, ...extra }, [], 10, 0, true)).toStrictEqual({
			scope: 's',
			moment: 100,
			floor: [90, ID_MAX],
			seen: [
				[95, 1],
				[100, 2],
			],
			position: 0,
			backlog: false,
			...extra,
		});
		for (const [name, value] of Object.entries(extra)) {
			const next = advance({ ...cursor, [name]: value }, [], 10, 0, true);
			expect(Object.keys(next).sort()).toEqual(
				['scope', 'moment', 'floor', 'seen', 'position', 'backlog', name].sort(),
			);
		}
	});

	it('MAX_SEEN keys exactly stay listed; one more and the oldest goes below the floor', () => {
		const keys = Array.from({ length: MAX_SEEN + 1 }, (_, i): Key => [1_000, i + 1]);
		const empty = handledUpTo('s', 0, [0, ID_MAX]);
		const full = advance(empty, keys.slice(1), 5, 0, true);
		expect(full.floor).toEqual([994, ID_MAX]);
		expect(full.seen).toHaveLength(MAX_SEEN);
		const over = advance(empty, keys, 5, 0, true);
		expect(over.floor).toEqual([1_000, 1]);
		expect(over.seen).toEqual(keys.slice(1));
	});
});

describe('handledUpTo, sinceCursor, initialCursor', () => {
	it('handledUpTo: nothing listed above the floor unless given, no backlog', () => {
		expect(handledUpTo('s', 7, [5, 2])).toStrictEqual({
			scope: 's',
			moment: 7,
			floor: [5, 2],
			seen: [],
			position: 0,
			backlog: false,
		});
	});

	it('sinceCursor: nothing handled (a floor window below moment 0), delivering after since', () => {
		expect(sinceCursor('s', 1_000, 5)).toStrictEqual({
			scope: 's',
			moment: 0,
			floor: [-6, ID_MAX],
			seen: [],
			position: 0,
			backlog: false,
			since: 1_000,
		});
		expect(isHandled(sinceCursor('s', 1_000, 0), [0, 1])).toBe(false);
	});

	const keys: Key[] = [
		[50, 1],
		[55, 2],
		[60, 3],
	];

	it('initialCursor, read completely: everything read handled, the floor window below the newest', () => {
		const expected = {
			scope: 's',
			moment: 60,
			floor: [54, ID_MAX],
			seen: [
				[55, 2],
				[60, 3],
			],
			position: 4,
			backlog: false,
		};
		expect(initialCursor('s', keys, 5, 4, undefined, true)).toStrictEqual(expected);
		// lowestRead counts only when the window was not read to its end.
		expect(initialCursor('s', keys, 5, 4, [57, 2], true)).toStrictEqual(expected);
		// Below the floor: nothing more to count as seen.
		expect(initialCursor('s', keys, 5, 4, [53, 9], false)).toStrictEqual(expected);
		expect(initialCursor('s', keys, 5, 4, undefined, false)).toStrictEqual(expected);
	});

	it('initialCursor, window not read to its end: what lies below the lowest read counts as handled', () => {
		expect(initialCursor('s', keys, 5, 4, [57, 2], false)).toStrictEqual({
			scope: 's',
			moment: 60,
			floor: [57, 2],
			seen: [[60, 3]],
			position: 4,
			backlog: false,
		});
	});

	it('initialCursor of an empty list: nothing handled, moment 0', () => {
		expect(initialCursor('s', [], 5, 0, undefined, true)).toStrictEqual({
			scope: 's',
			moment: 0,
			floor: [-6, ID_MAX],
			seen: [],
			position: 0,
			backlog: false,
		});
	});
});
