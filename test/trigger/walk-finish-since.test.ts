/**
 * finishWalk (nodes/ReviewCollectionTrigger/walk/walk-finish.ts) with `end` (Review Unanswered: records above
 * it have not happened) and `since` (Start From): what the walk read is handled up to where it stopped
 * (to `end` when read to the end); before `since` nothing fires; a moment in time handles everything up
 * to `since`, an appearance everything read; read to the end, an ordinary cursor (no `since`, position
 * 0) from the ceiling. Expected values are worked out by hand from those rules.
 */
import type { Cursor, ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { ID_MAX } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { finishWalk } from '../../nodes/ReviewCollectionTrigger/walk/walk-finish';
import { nextAsk, startWalk, takeAnswer } from '../../nodes/ReviewCollectionTrigger/walk/walk';
import { answer, byId, cursorOf, keysIn, replies, timed, walkOver } from '../harness/list-answers';

const ids = (records: ListRecord[]) => records.map((record) => record.id);
const created = (spec: string) => timed('created_at', spec);

describe('`end`: records above it have not happened (Review Unanswered)', () => {
	// Review 1 (created at 50) handled; due up to 80: 90 and 95 are not yet.
	const handled = cursorOf({ moment: 50, floor: [49, ID_MAX], seen: [[50, 1]], position: 1 });
	const end: [number, number] = [80, ID_MAX];

	it('read to the end: everything up to `end` is handled; the total counts what happened', () => {
		const list = created('95:5 90:4 70:3 60:2 50:1');
		const { records, cursor } = finishWalk(
			walkOver('reviewUnanswered', handled, list, { set: { end } }),
		);
		expect(ids(records)).toEqual([2, 3]);
		expect(cursor).toEqual(
			cursorOf({ moment: 70, floor: [80, ID_MAX], seen: [], position: 3, total: 3 }),
		);
	});

	it('stopped early: everything up to the last record read is handled, no resume needed', () => {
		const list = created('95:5 90:4 77:7 75:6 70:3 60:2 50:1');
		const backlog = { ...handled, backlog: true };
		const walk = walkOver('reviewUnanswered', backlog, list, {
			size: 4,
			requests: 1,
			set: { end },
		});
		const { records, cursor } = finishWalk(walk);
		expect(ids(records)).toEqual([2, 3, 6]);
		// Positions 0..3 (50 60 70 75) are at or below the last record read.
		expect(cursor).toEqual(
			cursorOf({ moment: 75, floor: [75, 6], seen: [], position: 4, backlog: true }),
		);
	});
});

describe('`since`, a moment in time (Review Replied: window 10, since 100)', () => {
	const since: Cursor = cursorOf({ moment: 0, floor: [-11, ID_MAX], since: 100 }); // Review Replied

	it('read to the end: what happened after 100 fires; up to 100 handled; an ordinary cursor', () => {
		const list = replies('110:4 105:3 100:2 90:1');
		const { records, cursor } = finishWalk(
			walkOver('reviewReplied', since, list, { windowSeconds: 10 }),
		);
		expect(ids(records)).toEqual([3, 4]);
		expect(cursor).toEqual(
			cursorOf({ moment: 110, floor: [100, ID_MAX], seen: keysIn('105:3 110:4') }),
		);
		expect(cursor.since).toBeUndefined();
	});

	it('stopped early: still from `since`, the floor at 100 (not the window below 110), resume after', () => {
		const list = replies('130:8 125:7 120:6 115:5 110:4 105:3 100:2 90:1');
		// The probe (130..115), then page 1 oldest first (90 100 105 110): the budget is spent.
		const walk = walkOver('reviewReplied', since, list, {
			size: 4,
			requests: 2,
			windowSeconds: 10,
		});
		const { records, cursor } = finishWalk(walk);
		expect(ids(records)).toEqual([3, 4]);
		expect(cursor).toEqual(
			cursorOf({
				moment: 110,
				floor: [100, ID_MAX],
				seen: keysIn('105:3 110:4'),
				position: 2,
				backlog: true,
				since: 100,
				resume: [110, 4],
				resumeAt: 4,
			}),
		);
	});
	describe('going on from the last stop (resume): the floor stays at since, what fired is in seen', () => {
		const list = replies('130:8 125:7 120:6 115:5 110:4 105:3 100:2 90:1');
		const options = { size: 4, windowSeconds: 10 };
		// As the test above: resume [110, 4] at 4.
		const stopped = finishWalk(walkOver('reviewReplied', since, list, { ...options, requests: 2 }));

		it('stopped again (positions 3..5: 110 115 120): resume moves on, the floor does not', () => {
			const walk = walkOver('reviewReplied', stopped.cursor, list, { ...options, requests: 1 });
			const { records, cursor } = finishWalk(walk);
			expect(ids(records)).toEqual([5, 6]);
			expect(cursor).toEqual(
				cursorOf({
					moment: 120,
					floor: [100, ID_MAX],
					seen: keysIn('105:3 110:4 115:5 120:6'),
					position: 2,
					backlog: true,
					since: 100,
					resume: [120, 6],
					resumeAt: 6,
				}),
			);
		});

		it('read to the end (then again from the floor): an ordinary cursor, the window below 130', () => {
			const { records, cursor } = finishWalk(
				walkOver('reviewReplied', stopped.cursor, list, options),
			);
			expect(ids(records)).toEqual([5, 6, 7, 8]);
			// Read from the floor to the end: the floor 10 below the newest moment (130 - 10 - 1).
			expect(cursor).toEqual(
				cursorOf({ moment: 130, floor: [119, ID_MAX], seen: keysIn('120:6 125:7 130:8') }),
			);
		});
	});

	it('Review Unanswered from since 55, read to the end: handled up to `end`, above since and the window', () => {
		const fresh = cursorOf({ moment: 0, floor: [-1, ID_MAX], since: 55 });
		const list = created('95:5 90:4 70:3 60:2 50:1');
		const end: [number, number] = [80, ID_MAX];
		const { records, cursor } = finishWalk(
			walkOver('reviewUnanswered', fresh, list, { set: { end } }),
		);
		expect(ids(records)).toEqual([2, 3]);
		expect(cursor).toEqual(cursorOf({ moment: 70, floor: [80, ID_MAX], seen: [] }));
	});
});

describe('`since`, an appearance (New Review, since 100: created_at after it fires)', () => {
	const since = (ceiling?: [number, number]): Cursor =>
		cursorOf({ moment: 0, floor: [-1, ID_MAX], since: 100, ...(ceiling ? { ceiling } : {}) });

	it('read to the end up to the ceiling (the newest id when it began): handled up to it', () => {
		// 6 and 7 appeared after the reading began (7 an import with an old date): the next walk's.
		const list = created('60:7 130:6 120:5 40:4 101:3 90:2 50:1');
		const ceiling: [number, number] = [5, ID_MAX];
		const walk = walkOver('newReview', since(ceiling), list, { set: { ceiling, end: ceiling } });
		const { records, cursor } = finishWalk(walk);
		expect(ids(records)).toEqual([3, 5]);
		expect(cursor).toEqual(cursorOf({ moment: 5, floor: [5, ID_MAX], seen: [] }));
		expect(cursor.ceiling).toBeUndefined();
	});

	it('read to the end below a higher ceiling: the floor rises to the ceiling', () => {
		const list = created('120:5 40:4 101:3 90:2 50:1');
		const ceiling: [number, number] = [9, ID_MAX];
		const walk = walkOver('newReview', since(ceiling), list, { set: { ceiling } });
		const { records, cursor } = finishWalk(walk);
		expect(ids(records)).toEqual([3, 5]);
		expect(cursor).toEqual(cursorOf({ moment: 5, floor: [9, ID_MAX], seen: [] }));
	});

	describe('stopped early: everything read is handled (ids say nothing of creation)', () => {
		// Ids 1..12: odd ones created at 50 (before since), even ones at 150. The probe (12..9), then
		// page 1 oldest first (1..4): the budget is spent.
		const list = byId(12, 1).map((record) => ({
			...record,
			created_at: record.id % 2 ? 50 : 150,
		}));
		const walk = () => walkOver('newReview', since([20, ID_MAX]), list, { size: 4, requests: 2 });
		const kept = { since: 100, ceiling: [20, ID_MAX] as [number, number], backlog: true };

		it('the floor at the newest record read, `since` and the ceiling kept', () => {
			const { records, cursor } = finishWalk(walk());
			expect(ids(records)).toEqual([2, 4]);
			expect(cursor).toEqual(cursorOf({ moment: 4, floor: [4, 4], position: 4, ...kept }));
		});

		it('cut at a limit: the floor at the limit (what was read above it is not handled)', () => {
			const { records, cursor } = finishWalk(walk(), [2, 2]);
			expect(ids(records)).toEqual([2]);
			expect(cursor).toEqual(cursorOf({ moment: 2, floor: [2, 2], position: 2, ...kept }));
		});

		it('records deleted below, a step back, read again lower: the floor at the newest read', () => {
			const walk = startWalk('newReview', since([20, ID_MAX]), 0, { size: 4, fixed: false });
			// The probe, positions 0..3, 3..5, 4..7 (up to 8); then 1 and 2 are deleted: positions 6..8
			// hold 9 10 11 (a step back) and positions 0..3 are read again (3 4 5 6).
			const shrunk = list.filter((record) => record.id > 2);
			for (const now of [list, list, list, list, shrunk, shrunk]) {
				const ask = nextAsk(walk)!;
				takeAnswer(walk, ask, answer(now, ask));
			}
			expect(walk.read.at(-1)?.key).toEqual([6, 6]);
			const { records, cursor } = finishWalk(walk);
			expect(ids(records)).toEqual([2, 4, 6, 8]);
			expect(cursor).toMatchObject({ moment: 8, floor: [8, 8], seen: [], ...kept });
		});
	});
});
