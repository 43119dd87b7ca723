/** Unit tests of the pure cursor: answers it refuses, the boundary memory, the stored formats. */
import {
	MAX_BOUNDARY_IDS,
	MalformedAnswerError,
	UnstableListError,
	advance,
	isNew,
	startWalk,
	storedCursor,
	takePage,
} from '../../nodes/ReviewCollectionTrigger/cursor';

const cursor = { scope: 's', moment: 10, ids: [7], floor: 0 };
const rows = (...ids: number[]) => ids.map((id) => ({ id, replied_at: 10 + id }));

describe('answers the walk refuses (the poll fails, nothing moves)', () => {
	it.each([
		['no data array', { pagination: { last_page: 1 } }, MalformedAnswerError],
		[
			'last_page not a number',
			{ data: rows(5), pagination: { last_page: '3' } },
			MalformedAnswerError,
		],
		[
			'a record without an integer id',
			{ data: [{ id: 'x' }], pagination: { last_page: 1 } },
			MalformedAnswerError,
		],
		[
			'another page than asked for',
			{ data: rows(5), pagination: { last_page: 3, current_page: 2 } },
			UnstableListError,
		],
	])('%s', (_name, answer, error) => {
		expect(() => takePage(startWalk('reviewReplied', cursor, 100), answer)).toThrow(error);
	});

	it('a last_page that keeps growing ends the pass past the first answer plus a bounded slack', () => {
		const walk = startWalk('newReview', { scope: 's', moment: 0, ids: [], floor: 0 }, 1);
		let next = 1_000_000;
		let pages = 0;
		expect(() => {
			for (;;) {
				takePage(walk, {
					data: [{ id: next-- }],
					pagination: { last_page: 2 + pages * 2, current_page: walk.page },
				});
				pages++;
			}
		}).toThrow(UnstableListError);
		expect(pages).toBeLessThanOrEqual(10);
	});
});

describe('boundary memory', () => {
	it('a record reaching the cursor second later with a smaller id is new; one handled there is not', () => {
		expect(isNew('reviewReplied', { ...cursor, moment: 12 }, { id: 1, replied_at: 12 })).toBe(true);
		expect(isNew('reviewReplied', { ...cursor, moment: 17 }, { id: 7, replied_at: 17 })).toBe(
			false,
		);
		expect(isNew('reviewReplied', cursor, { id: 7, replied_at: 11 })).toBe(true);
		expect(isNew('reviewReplied', cursor, { id: 9, replied_at: null })).toBe(false);
	});

	it('stays bounded: past MAX_BOUNDARY_IDS the smaller ids of that second become a floor', () => {
		const many = Array.from({ length: MAX_BOUNDARY_IDS + 50 }, (_, i) => ({
			id: i + 1,
			replied_at: 99,
		}));
		const next = advance({ scope: 's', moment: 0, ids: [], floor: 0 }, 'reviewReplied', many);
		expect(next.ids).toHaveLength(MAX_BOUNDARY_IDS);
		expect(next.floor).toBe(50);
		expect(many.some((record) => isNew('reviewReplied', next, record))).toBe(false);
	});
});

describe('stored cursors', () => {
	it('reads version 1 cursors, so an upgrade neither repeats nor skips', () => {
		expect(storedCursor({ scope: 's', lastId: 40, lastCreatedAt: 0 }, 's', 'newReview')).toEqual({
			scope: 's',
			moment: 40,
			ids: [],
			floor: 40,
		});
		expect(storedCursor({ scope: 's', lastId: 40, lastCreatedAt: 123 }, 's', 'newMessage')).toEqual(
			{ scope: 's', moment: 123, ids: [], floor: 40 },
		);
		expect(
			storedCursor({ scope: 'other', moment: 1, ids: [], floor: 0 }, 's', 'newReview'),
		).toBeUndefined();
		expect(storedCursor({ scope: 's', moment: -1, ids: [] }, 's', 'newReview')).toBeUndefined();
	});
});
