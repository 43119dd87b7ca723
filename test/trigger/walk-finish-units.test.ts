/**
 * The end of a walk (finishWalk, nodes/ReviewCollectionTrigger/walk/walk-finish.ts) on walks built from
 * hand-built answers (startWalk, nextAsk, takeAnswer): the new records, oldest first, filtered by the
 * floor, `seen` and `since`, cut at `limit` (Max Events per Poll), and the cursor to store (floor,
 * seen, position, backlog, resume/resumeAt, total). Expected values are worked out by hand from the
 * rules in the module's comments, ./cursor.ts and docs/trigger.md ("The poll, step by step"). `end`
 * and `since`: walk-finish-since.test.ts.
 */
import type { ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { ID_MAX } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { finishWalk } from '../../nodes/ReviewCollectionTrigger/walk/walk-finish';
import { byId, cursorOf, idKeys, keysIn, replies, walkOver } from '../harness/list-answers';

const ids = (records: ListRecord[]) => records.map((record) => record.id);

// New Review, no window: ids 1..5 handled (floor just below 5, 5 in seen).
const HANDLED_5 = cursorOf({ moment: 5, floor: [4, ID_MAX], seen: [[5, 5]], position: 4 });

describe('a walk that read everything new on page 1 (the probe)', () => {
	const walk = () => walkOver('newReview', HANDLED_5, byId(8, 1));

	it('emits what is above the floor and not in seen, oldest first; the floor follows the newest', () => {
		const { records, cursor } = finishWalk(walk());
		expect(ids(records)).toEqual([6, 7, 8]);
		// 7 records at or below [7, ID_MAX]; the list's size for the next idle check.
		expect(cursor).toEqual(
			cursorOf({ moment: 8, floor: [7, ID_MAX], seen: [[8, 8]], position: 7, total: 8 }),
		);
	});

	it('a limit at the last record found changes nothing', () => {
		expect(finishWalk(walk(), [8, 8])).toEqual(finishWalk(walk()));
	});

	it('cut at the first new record: the rest is the next poll’s, which goes on after it', () => {
		const { records, cursor } = finishWalk(walk(), [6, 6]);
		expect(ids(records)).toEqual([6]);
		expect(cursor).toEqual(
			cursorOf({
				moment: 6,
				floor: [5, ID_MAX],
				seen: [[6, 6]],
				position: 5,
				backlog: true,
				resume: [6, 6],
				resumeAt: 6,
			}),
		);
	});

	it('a window of 10: the floor 10 below the newest moment, what fired inside it in seen', () => {
		const cursor = cursorOf({
			moment: 90,
			floor: [79, ID_MAX],
			seen: keysIn('85:1 90:2'),
			position: 2,
		});
		const list = replies('99:5 95:4 92:3 90:2 85:1 70:11 60:10');
		const done = finishWalk(walkOver('reviewReplied', cursor, list, { windowSeconds: 10 }));
		expect(ids(done.records)).toEqual([3, 4, 5]);
		expect(done.cursor).toEqual(
			cursorOf({
				moment: 99,
				floor: [88, ID_MAX],
				seen: keysIn('90:2 92:3 95:4 99:5'),
				position: 3,
				total: 7,
			}),
		);
	});
	it('after a first look cut short (its floor a record read), nothing new: that record is at or below it', () => {
		const cursor = cursorOf({
			moment: 100,
			floor: [91, 3],
			seen: keysIn('95:2 100:1'),
			position: 5,
		});
		const list = replies('100:1 95:2 91:3 90:4 89:5 80:6 70:7');
		const done = finishWalk(walkOver('reviewReplied', cursor, list, { windowSeconds: 10 }));
		expect(done.records).toEqual([]);
		// 91:3 90:4 89:5 80:6 70:7 are at or below [91, 3].
		expect(done.cursor).toEqual({ ...cursor, position: 5, total: 7 });
	});
});

describe('a backlog read oldest first from the floor', () => {
	// Ids 1..20, pages of 4; the budget allows two requests: positions 3..5 (4 5 6), then 4..7.
	const LIST = byId(20, 1);
	const backlog = { ...HANDLED_5, backlog: true };
	const stopped = () => walkOver('newReview', backlog, LIST, { size: 4, requests: 2 });

	it('stopped by the budget: the floor follows what was read, the next walk goes on after it', () => {
		const { records, cursor } = finishWalk(stopped());
		expect(ids(records)).toEqual([6, 7, 8]);
		expect(cursor).toEqual(
			cursorOf({
				moment: 8,
				floor: [7, ID_MAX],
				seen: [[8, 8]],
				position: 7,
				backlog: true,
				resume: [8, 8],
				resumeAt: 8,
			}),
		);
	});

	it('cut at a limit: as if it had stopped there', () => {
		const { records, cursor } = finishWalk(stopped(), [7, 7]);
		expect(ids(records)).toEqual([6, 7]);
		expect(cursor).toEqual(
			cursorOf({
				moment: 7,
				floor: [6, ID_MAX],
				seen: [[7, 7]],
				position: 6,
				backlog: true,
				resume: [7, 7],
				resumeAt: 7,
			}),
		);
	});

	it('read to the end: an ordinary cursor with the list’s size, no resume', () => {
		const { records, cursor } = finishWalk(walkOver('newReview', backlog, LIST, { size: 4 }));
		expect(ids(records)).toEqual(Array.from({ length: 15 }, (_, i) => i + 6));
		expect(cursor).toEqual(
			cursorOf({ moment: 20, floor: [19, ID_MAX], seen: [[20, 20]], position: 19, total: 20 }),
		);
	});

	describe('going on from the last stop (resume): the floor and seen stay, what fired is in seen', () => {
		const resumed = finishWalk(stopped()).cursor; // resume [8, 8] at 8
		const fired = (from: number, to: number) => idKeys(ids(byId(to, from)).reverse());

		it('stopped again: resume moves to the last record read', () => {
			const walk = walkOver('newReview', resumed, LIST, { size: 4, requests: 2 });
			const { records, cursor } = finishWalk(walk);
			expect(ids(records)).toEqual([9, 10, 11, 12]);
			expect(cursor).toEqual(
				cursorOf({
					moment: 12,
					floor: [7, ID_MAX],
					seen: fired(8, 12),
					position: 7,
					backlog: true,
					resume: [12, 12],
					resumeAt: 12,
				}),
			);
		});

		it('read to the end: read again from the floor in the same walk, then an ordinary cursor', () => {
			// 9..20 found going on from 8; the read from the floor up to 8 finds nothing more (8 is in
			// seen): the cursor of a walk from the floor read to the end (above), but no total (the
			// list was not read in one pass: no idle check on its size).
			const walk = walkOver('newReview', resumed, LIST, { size: 4 });
			const { records, cursor } = finishWalk(walk);
			expect(ids(records)).toEqual(Array.from({ length: 12 }, (_, i) => i + 9));
			expect(cursor).toEqual(
				cursorOf({ moment: 20, floor: [19, ID_MAX], seen: [[20, 20]], position: 19 }),
			);
		});

		it('records deleted below: the page steps back, nothing read; resume and resumeAt unchanged', () => {
			const walk = walkOver('newReview', resumed, byId(20, 4), { size: 4, requests: 1 });
			expect(walk.read).toEqual([]);
			expect(finishWalk(walk)).toEqual({ records: [], cursor: resumed });
		});
	});
});
