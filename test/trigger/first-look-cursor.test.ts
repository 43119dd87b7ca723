/**
 * The cursor a first look stores (finishFirstLook, nodes/ReviewCollectionTrigger/walk/first-look.ts): it
 * has handled everything read (nothing fires); the floor is the Late Event Window below the newest
 * moment (./cursor.ts: [newest - window - 1, ID_MAX]), or the lowest key read when the look was cut
 * short, or `end`, or the window below the look's start (`startedAt`), whichever is highest; `seen`
 * holds the keys read above it; `position` counts the records at or below it; `total` only when read to
 * the end. Expected values are worked out from those rules by hand.
 */
import type { ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { ID_MAX } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import type { FirstLook } from '../../nodes/ReviewCollectionTrigger/walk/first-look';
import {
	finishFirstLook,
	firstLookAsk,
	startFirstLook,
	takeFirstLookAnswer,
} from '../../nodes/ReviewCollectionTrigger/walk/first-look';
import type { TriggerEvent } from '../../nodes/ReviewCollectionTrigger/events/events';
import { answer, byId, keysIn, replies, timed } from '../harness/list-answers';

/** A first look of `list` with pages of `size`, stopped after `answers` answers (or when done). */
function look(
	event: TriggerEvent,
	windowSeconds: number,
	list: ListRecord[],
	size = 100,
	answers = 20,
): FirstLook {
	const first = startFirstLook(event, windowSeconds, { size, fixed: false });
	for (let i = 0; i < answers && !first.done; i++)
		takeFirstLookAnswer(first, answer(list, firstLookAsk(first)));
	return first;
}

// Review Replied, 7 replies; a window of 10 below 100 holds 90 and up.
const REPLIES = replies('100:1 95:2 91:3 90:4 89:5 80:6 70:7');

describe('a first look read to its end', () => {
	it('no window: the floor just below the newest moment, its keys in seen, the rest counted', () => {
		const cursor = finishFirstLook(look('newReview', 0, byId(10, 1)), 's');
		expect(cursor).toEqual({
			scope: 's',
			moment: 10,
			floor: [9, ID_MAX],
			seen: [[10, 10]],
			position: 9,
			backlog: false,
			total: 10,
		});
	});

	it('a window of 10: floor at 89 (90 and up inside it, in seen), 3 records at or below it', () => {
		const cursor = finishFirstLook(look('reviewReplied', 10, REPLIES, 3), 's');
		expect(cursor).toEqual({
			scope: 's',
			moment: 100,
			floor: [89, ID_MAX],
			seen: keysIn('90:4 91:3 95:2 100:1'),
			position: 3,
			backlog: false,
			total: 7,
		});
	});

	it('an empty list: nothing handled but the window below moment 0, no records', () => {
		const empty = look('reviewReplied', 10, []);
		expect(empty.complete).toBe(true);
		expect(finishFirstLook(empty, 's')).toEqual({
			scope: 's',
			moment: 0,
			floor: [-11, ID_MAX],
			seen: [],
			position: 0,
			backlog: false,
			total: 0,
		});
	});
});

describe('a first look cut short (the budget): what lies below the last read counts as handled', () => {
	it('the floor is the lowest key read; no total; position counts the records at or below it', () => {
		const cut = look('reviewReplied', 10, REPLIES, 3, 1); // 100 95 91 only
		expect(cut.complete).toBe(false);
		const expected = {
			scope: 's',
			moment: 100,
			floor: [91, 3],
			seen: keysIn('95:2 100:1'),
			// 91, 90, 89, 80, 70 are at or below [91, 3].
			position: 5,
			backlog: false,
		};
		expect(finishFirstLook(cut, 's')).toEqual(expected);
		// A start below the newest moment changes nothing (the floor is higher already).
		expect(finishFirstLook(cut, 's', 50)).toEqual(expected);
	});

	it('the lowest key read is the last one, not any other', () => {
		const cut = look('reviewReplied', 30, REPLIES, 4, 1); // 100 95 91 90
		expect(finishFirstLook(cut, 's')).toMatchObject({
			floor: [90, 4],
			seen: keysIn('91:3 95:2 100:1'),
			position: 4,
		});
	});
});

describe('startedAt: the window counts below the first look’s start, or the newest moment if newer', () => {
	const old = replies('100:1 95:2 80:3'); // the newest moment long before the start

	it('a start long after the newest moment: everything up to the window below the start is handled', () => {
		const cursor = finishFirstLook(look('reviewReplied', 10, old), 's', 1_000);
		expect(cursor).toEqual({
			scope: 's',
			moment: 100,
			floor: [989, ID_MAX],
			seen: [],
			position: 3,
			backlog: false,
			total: 3,
		});
	});

	it('a start one second after the newest moment: the floor rises by one second', () => {
		const cursor = finishFirstLook(look('reviewReplied', 10, old), 's', 101);
		// The window below 101 holds 91 and up: floor [90, ID_MAX]; 95 and 100 stay in seen.
		expect(cursor).toMatchObject({
			floor: [90, ID_MAX],
			seen: keysIn('95:2 100:1'),
			position: 1,
			total: 3,
		});
	});

	it('a start before the newest moment (clocks apart): the window below the newest moment', () => {
		const cursor = finishFirstLook(look('reviewReplied', 10, old), 's', 50);
		expect(cursor).toMatchObject({ floor: [89, ID_MAX], seen: keysIn('95:2 100:1'), position: 1 });
	});

	it('no window: the start does not count (the floor just below the newest moment)', () => {
		const cursor = finishFirstLook(look('newReview', 0, byId(10, 1)), 's', 1_000);
		expect(cursor).toMatchObject({ moment: 10, floor: [9, ID_MAX], seen: [[10, 10]], position: 9 });
	});

	it('no start given: a look cut short keeps the lowest key read as its floor', () => {
		const cut = look('reviewReplied', 10, REPLIES, 3, 1);
		expect(finishFirstLook(cut, 's', undefined).floor).toEqual([91, 3]);
	});
});

describe('`end`: the first look handles everything up to it', () => {
	it('Review Unanswered, end at 95: the floor rises to it, nothing above it read, 3 at or below', () => {
		const first = startFirstLook('reviewUnanswered', 0);
		first.end = [95, ID_MAX];
		const list = timed('created_at', '100:9 97:8 94:3 90:4 80:5');
		takeFirstLookAnswer(first, answer(list, firstLookAsk(first)));
		expect(finishFirstLook(first, 's')).toEqual({
			scope: 's',
			moment: 94,
			floor: [95, ID_MAX],
			seen: [],
			position: 3,
			backlog: false,
			total: 3,
		});
	});

	it('an end below the floor changes nothing', () => {
		const first = look('reviewReplied', 10, REPLIES, 3);
		const plain = finishFirstLook(first, 's');
		first.end = [50, ID_MAX];
		expect(finishFirstLook(first, 's')).toEqual(plain);
	});
});
