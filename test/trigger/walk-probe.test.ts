/**
 * Unit tests of the walk (nodes/ReviewCollectionTrigger/walk/walk.ts), its start and probe, worked out by hand
 * from its doc comments: a walk starts from the floor (or, in a backlog, from where the last one stopped);
 * page 1 newest first holds everything new when it reaches the floor or is the whole list; a busy window
 * whose page 1 is all handled and whose size did not change is idle; else the backlog is read oldest
 * first. The ascending pages: walk-ascending.test.ts.
 */
import { ID_MAX } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { FIRST_SHAPE } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import {
	nextAsk,
	recordTime,
	startWalk,
	takeAnswer,
} from '../../nodes/ReviewCollectionTrigger/walk/walk';
import { answer, cursorAt, drive, foundIds, reviews } from './walk-service';

describe('startWalk: where the walk starts', () => {
	const common = {
		event: 'newReview',
		windowSeconds: 0,
		stepsBack: 0,
		complete: false,
		found: new Map(),
		total: 0,
		read: [],
		requests: 0,
		topId: 0,
		// Nothing seen yet of the order of equal moments (./walk-ties.ts).
		served: { anomalies: new Set(), idAt: new Map(), momentOf: new Map() },
		runIds: new Set(),
	};

	it('no backlog: the probe, from the floor and its position (a resume hint is not used)', () => {
		const cursor = cursorAt(10, 10, { seen: [[12, 12]], resume: [20, 20], resumeAt: 20 });
		expect(startWalk('newReview', cursor, 0)).toStrictEqual({
			...common,
			cursor,
			shape: FIRST_SHAPE,
			phase: 'probe',
			verified: [10, ID_MAX],
			at: 9,
			resumed: false,
			seen: new Set(['12:12']),
		});
	});

	it('a backlog stopped at a key: oldest first from there (resumed), the shape given', () => {
		const cursor = cursorAt(10, 10, { backlog: true, resume: [20, 20], resumeAt: 20 });
		const shape = { size: 7, fixed: true };
		expect(startWalk('newReview', cursor, 0, shape)).toStrictEqual({
			...common,
			cursor,
			shape,
			phase: 'asc',
			verified: [20, 20],
			at: 19,
			resumed: true,
			seen: new Set(),
		});
		const fromStart = cursorAt(10, 10, { backlog: true, resume: [0, 0], resumeAt: 0 });
		expect(startWalk('newReview', fromStart, 0)).toMatchObject({ at: -1, resumed: true });
	});

	it('a backlog without a full resume hint: oldest first from the floor', () => {
		for (const extra of [{ resume: [20, 20] as [number, number] }, { resumeAt: 20 }, {}]) {
			const cursor = cursorAt(10, 10, { backlog: true, ...extra });
			expect(startWalk('newReview', cursor, 0)).toMatchObject({
				phase: 'asc',
				verified: [10, ID_MAX],
				at: 9,
				resumed: false,
			});
		}
	});
});

describe('nextAsk', () => {
	it('the probe: page 1 newest first, of the shape size; nothing once done', () => {
		const walk = startWalk('newReview', cursorAt(10, 10), 0, { size: 20, fixed: false });
		expect(nextAsk(walk)).toEqual({ direction: 'desc', page: 1, perPage: 20 });
		walk.phase = 'done';
		expect(nextAsk(walk)).toBeUndefined();
	});

	it('oldest first: the page past the last record read; with a page held, that record page again', () => {
		const walk = startWalk('newReview', cursorAt(10, 10, { backlog: true }), 0, {
			size: 5,
			fixed: true,
		});
		// Position 9 ends page 2 of 5: the next page only touches it (page 3)...
		const ask = nextAsk(walk)!;
		expect(ask).toEqual({ direction: 'asc', page: 3, perPage: 5 });
		takeAnswer(walk, ask, answer(reviews(1, 20), ask));
		// ... so it is held until page 2 is read again.
		expect(nextAsk(walk)).toEqual({ direction: 'asc', page: 2, perPage: 5 });
		const first = startWalk('newReview', cursorAt(0, 0, { backlog: true }), 0, {
			size: 10,
			fixed: false,
		});
		expect(nextAsk(first)).toEqual({ direction: 'asc', page: 1, perPage: 10 });
	});
});

describe('the probe', () => {
	const shape = { size: 10, fixed: false };

	it('page 1 reaches the floor: one request, everything new on it (not what seen lists)', () => {
		const walk = startWalk('newReview', cursorAt(15, 15, { seen: [[17, 17]] }), 0, shape);
		expect(drive(walk, reviews(1, 20))).toEqual([{ direction: 'desc', page: 1, perPage: 10 }]);
		expect(foundIds(walk)).toEqual([16, 18, 19, 20]);
		expect(walk).toMatchObject({
			phase: 'done',
			complete: true,
			sawTop: true,
			total: 20,
			listTotal: 20,
			requests: 1,
			topId: 20,
		});
		expect(walk.read).toEqual(
			[20, 19, 18, 17, 16, 15, 14, 13, 12, 11].map((id) => ({
				key: [id, id],
				position: -1,
			})),
		);
	});

	it('a floor at a record key: that record is handled, and page 1 reaches the floor with it', () => {
		const walk = startWalk('newReview', { ...cursorAt(15, 15), floor: [15, 15] }, 0, shape);
		drive(walk, reviews(1, 24));
		expect(foundIds(walk)).toEqual(reviews(16, 24).map(({ id }) => id));
		expect(walk.complete).toBe(true);
	});

	it('the whole list on page 1, above the floor: all of it; without a total, its length', () => {
		const walk = startWalk('newReview', cursorAt(15, 0), 0, shape);
		drive(walk, reviews(16, 20), { noTotal: true });
		expect(foundIds(walk)).toEqual([16, 17, 18, 19, 20]);
		expect(walk).toMatchObject({ phase: 'done', complete: true, total: 5 });
		// A full page that is the last one (last_page 1).
		const full = startWalk('newReview', cursorAt(15, 0), 0, shape);
		drive(full, reviews(16, 25));
		expect(foundIds(full)).toEqual(reviews(16, 25).map((r) => r.id));
		expect(full.complete).toBe(true);
	});

	it('a page smaller than asked for (the service largest page) is still the probe', () => {
		const walk = startWalk('newReview', cursorAt(15, 0), 0, shape);
		drive(walk, reviews(16, 20), { cap: 5 });
		expect(walk.shape).toEqual({ size: 5, fixed: false, capped: true });
		expect(foundIds(walk)).toEqual([16, 17, 18, 19, 20]);
		expect(walk.requests).toBe(1);
	});

	it('more than a page above the floor: the backlog, oldest first; nothing taken from the probe', () => {
		const walk = startWalk('newReview', cursorAt(5, 5), 0, shape);
		const probe = nextAsk(walk)!;
		takeAnswer(walk, probe, answer(reviews(1, 20), probe));
		expect(walk).toMatchObject({ phase: 'asc', complete: false, total: 0, read: [] });
		expect(walk.found.size).toBe(0);
		expect(walk.listTotal).toBeUndefined();
	});

	it('records not due yet (above end) are cut, counted in topId and out of the total', () => {
		const walk = startWalk('newReview', cursorAt(15, 15), 0, shape);
		walk.end = [18, ID_MAX];
		drive(walk, reviews(1, 20));
		expect(foundIds(walk)).toEqual([16, 17, 18]);
		expect(walk).toMatchObject({ total: 18, listTotal: 18, topId: 20, complete: true });
	});

	it('from since: only records whose event happened after it', () => {
		const replied = (id: number, at: number) => ({ id, replied_at: at });
		const walk = startWalk('reviewReplied', cursorAt(-1, 0, { since: 100 }), 0, shape);
		drive(walk, [replied(1, 99), replied(2, 100), replied(3, 101)]);
		expect(foundIds(walk)).toEqual([3]);
		const created = (id: number, at?: unknown) => ({
			id,
			...(at === undefined ? {} : { created_at: at }),
		});
		const appears = startWalk('newReview', cursorAt(0, 0, { since: 60 }), 0, shape);
		drive(appears, [created(1, 61), created(2, 60), created(3), created(4, '70'), created(5, 90)]);
		expect(foundIds(appears)).toEqual([1, 5]);
	});
});

describe('the idle check of a busy window (page 1 all handled, above the floor)', () => {
	const shape = { size: 5, fixed: false };
	// Ids 11 to 20 handled above the floor, 20 records when last read to the end.
	const busy = (extra = {}) =>
		cursorAt(10, 10, { seen: reviews(11, 20).map(({ id }) => [id, id]), total: 20, ...extra });

	it('as many records as last time: idle, one request, nothing found', () => {
		const walk = startWalk('newReview', busy(), 0, shape);
		expect(drive(walk, reviews(1, 20))).toHaveLength(1);
		expect(walk).toMatchObject({ phase: 'done', complete: true, listTotal: 20, found: new Map() });
	});

	it('one record more below page 1 (a late moment), a size unknown, or a reading from since: the backlog', () => {
		// Review Replied: key [replied_at, id]; a reply reported late at 14 lands below page 1.
		const replied = reviews(1, 20).map(({ id }) => ({ id, replied_at: id }));
		const late = [...replied.slice(0, 14), { id: 30, replied_at: 14 }, ...replied.slice(14)];
		for (const [event, cursor, list] of [
			['reviewReplied', busy(), late],
			['newReview', busy({ total: undefined }), reviews(1, 20)],
			['newReview', busy({ since: 5 }), reviews(1, 20)],
		] as const) {
			const walk = startWalk(event, cursor, 0, shape);
			const probe = nextAsk(walk)!;
			takeAnswer(walk, probe, answer(list, probe));
			expect(walk.phase).toBe('asc');
			expect(walk.complete).toBe(false);
		}
	});

	it('a new record on page 1: the backlog', () => {
		const walk = startWalk('newReview', busy(), 0, shape);
		const list = [...reviews(1, 19), { id: 21 }];
		const probe = nextAsk(walk)!;
		takeAnswer(walk, probe, answer(list, probe));
		expect(walk.phase).toBe('asc');
	});

	it('page 1 not due at all (every record above end): not idle, whatever the size', () => {
		const walk = startWalk('newReview', busy({ total: 15 }), 0, shape);
		walk.end = [15, ID_MAX];
		const probe = nextAsk(walk)!;
		takeAnswer(walk, probe, answer(reviews(1, 20), probe));
		expect(walk.phase).toBe('asc');
	});
});

describe('recordTime', () => {
	it('a moment in time: the key moment; an appearance: created_at, else 0', () => {
		expect(recordTime('reviewReplied', { id: 1, replied_at: 5 }, [5, 1])).toBe(5);
		expect(recordTime('newReview', { id: 3, created_at: 77 }, [3, 3])).toBe(77);
		expect(recordTime('newReview', { id: 3, created_at: '77' }, [3, 3])).toBe(0);
		expect(recordTime('newReview', { id: 3 }, [3, 3])).toBe(0);
	});
});
