/**
 * Pure pieces of the trigger (no engine): the page that lines up with the verified record, the stored
 * cursor's shape, and answers the walk refuses. The engine tests (poll-budget, walk-races, …) and the
 * property test (cursor-property) drive the same code through n8n and through generated interleavings.
 */
import type { Cursor } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { advance, ID_MAX, MAX_SEEN } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import { cursorFromJson, cursorJson } from '../../nodes/ReviewCollectionTrigger/state/cursor-json';
import { readState, writeState } from '../../nodes/ReviewCollectionTrigger/state/state';
import { OrderError, pageFor } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import { startWalk, takeAnswer } from '../../nodes/ReviewCollectionTrigger/walk/walk';
import { ListPageError } from '../../nodes/ReviewCollection/transport/list-page';

const cursor: Cursor = {
	scope: 's',
	moment: 10,
	floor: [9, ID_MAX],
	seen: [[10, 10]],
	position: 10,
	backlog: true,
};

describe('pageFor: a page that includes the verified record and reaches past it', () => {
	it('for 2,000 positions up to 200,000: includes it, goes past it, 60–100 per page, about 87 new per page on average', () => {
		let progress = 0;
		for (let at = 0; at < 200_000; at += 97) {
			const { page, perPage } = pageFor(at);
			const start = (page - 1) * perPage;
			const end = page * perPage;
			expect(start).toBeLessThanOrEqual(at);
			expect(end - 1).toBeGreaterThan(at);
			expect(perPage).toBeGreaterThanOrEqual(60);
			expect(perPage).toBeLessThanOrEqual(100);
			progress += end - 1 - at;
		}
		expect(progress / Math.ceil(200_000 / 97)).toBeGreaterThan(80);
	});
});

describe('the stored cursor', () => {
	it('round-trips through JSON, another scope or a broken one is not resumed', () => {
		const stored = JSON.parse(JSON.stringify(cursorJson({ ...cursor, since: 5, total: 99 })));
		expect(cursorFromJson(stored, 's')).toEqual({ ...cursor, since: 5, total: 99 });
		const staticData = {};
		const state = { activation: 'a', generation: 1, scope: 's', activatedAt: 1, waiting: [] };
		writeState(staticData, { ...state, projects: { own: { ...cursor, since: 5, total: 99 } } });
		const legacy = { own: 'own', watch: undefined as never };
		const resumed = readState(JSON.parse(JSON.stringify(staticData)), 's', legacy, 2);
		expect(resumed).toEqual({
			kind: 'resume',
			state: { ...state, projects: { own: { ...cursor, scope: 's|own', since: 5, total: 99 } } },
		});
		expect(readState(staticData, 'other', legacy, 2)).toEqual({ kind: 'afresh' });
		expect(readState({}, 's', legacy, 2)).toEqual({ kind: 'activation' });
		expect(cursorFromJson({ ...stored, floor: [1] }, 's')).toBeUndefined();
		expect(cursorFromJson({ ...stored, moment: 'x' }, 's')).toBeUndefined();
		expect(cursorFromJson({ ...stored, seen: '1.x.y' }, 's')).toBeUndefined();
		// Round 2's cursor ({ moment, ids, floor: number }) is of an older scope format: start afresh.
		expect(cursorFromJson({ scope: 's', moment: 3, ids: [3], floor: 0 }, 's')).toBeUndefined();
	});

	it('stays bounded: at most MAX_SEEN keys, the oldest go below the floor; a full window stays under 256 KB', () => {
		const keys = Array.from({ length: MAX_SEEN + 1_500 }, (_, i): [number, number] => [
			100 + Math.floor(i / 7),
			1_000_000 + i * 13,
		]);
		const next = advance(cursor, keys, 86_400, 0, true);
		expect(next.seen).toHaveLength(MAX_SEEN);
		expect(next.floor).toEqual(keys[1_499]);
		expect(next.seen).toEqual(keys.slice(1_500));
		expect(cursorFromJson(JSON.parse(JSON.stringify(cursorJson(next))), 's')?.seen).toEqual(
			keys.slice(1_500),
		);
		expect(JSON.stringify(cursorJson(next)).length).toBeLessThan(256 * 1024);
	});
});

describe('answers the walk refuses', () => {
	const page = (ids: number[], currentPage = 1) => ({
		data: ids.map((id) => ({ id })),
		pagination: { current_page: currentPage, last_page: 50, total: 5_000 },
	});

	it('oldest first asked, not oldest first answered (a Query Parameter overrode the order)', () => {
		const walk = startWalk('newReview', cursor, 0);
		const ask = { direction: 'asc' as const, page: 1, perPage: 3 };
		expect(() => takeAnswer(walk, ask, page([9, 12, 11]))).toThrow(OrderError);
	});

	it('another page than the one asked for', () => {
		const walk = startWalk('newReview', cursor, 0);
		const ask = { direction: 'asc' as const, page: 2, perPage: 3 };
		expect(() => takeAnswer(walk, ask, page([9, 11, 12], 1))).toThrow(ListPageError);
	});

	it('a record without a whole-number id', () => {
		const walk = startWalk('newReview', cursor, 0);
		const ask = { direction: 'desc' as const, page: 1, perPage: 3 };
		expect(() => takeAnswer(walk, ask, { ...page([]), data: [{ id: 0 }] })).toThrow(ListPageError);
	});
});
