/**
 * transport/list-page.ts, rule by rule (pure; no engine): what a valid list page is. The engine tests
 * (answer-shape.test.ts, lists/) meet these rules through Return All, the pickers and the trigger.
 */
import {
	answeredPageSize,
	checkCurrentPage,
	isLastPage,
	isWholeNumber,
	lastPageOf,
	listPage,
	ListPageError,
	listRecords,
} from '../../nodes/ReviewCollection/transport/list-page';

/** The error `run` throws (a ListPageError), for its message and `paging`. */
function errorOf(run: () => unknown): ListPageError {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(ListPageError);
		return error as ListPageError;
	}
	throw new Error('no error thrown');
}

describe('listRecords', () => {
	it('a list of records with whole-number ids above 0: the list itself', () => {
		const data = [{ id: 1 }, { id: 7, name: 'x' }];
		expect(listRecords(data)).toBe(data);
		expect(listRecords([])).toEqual([]);
	});

	it.each([
		[{ data: [] }, '"data" is an object, not a list of records'],
		[null, '"data" is null, not a list of records'],
		['x', '"data" is a string, not a list of records'],
	])('not a list (%j): a record-shape error naming it', (data, message) => {
		const error = errorOf(() => listRecords(data));
		expect(error.message).toBe(message);
		expect(error.paging).toBe(false);
		expect(error.name).toBe('ListPageError');
	});

	it.each([
		[[{ id: 1 }, 3], 'entry 2 of "data" is a number, not a record'],
		[[null], 'entry 1 of "data" is null, not a record'],
		[[{ id: 1 }, [2]], 'entry 2 of "data" is a list, not a record'],
	])('an entry that is not a record (%j): named by its place', (data, message) => {
		const error = errorOf(() => listRecords(data));
		expect(error.message).toBe(message);
		expect(error.paging).toBe(false);
	});

	it.each([[{ id: 0 }], [{ id: -1 }], [{ id: 1.5 }], [{ id: '3' }], [{}]])(
		'a record whose id is not a whole number above 0 (%j)',
		(record) => {
			const error = errorOf(() => listRecords([{ id: 1 }, record]));
			expect(error.message).toBe('record 2 of "data" has no whole-number "id"');
			expect(error.paging).toBe(false);
		},
	);
});

describe('checkCurrentPage', () => {
	it('the page asked for, or none given: fine', () => {
		expect(() => checkCurrentPage({ current_page: 3 }, 3)).not.toThrow();
		expect(() => checkCurrentPage({}, 3)).not.toThrow();
		expect(() => checkCurrentPage(undefined, 3)).not.toThrow();
		expect(() => checkCurrentPage('x', 3)).not.toThrow();
	});

	it('another page: a paging error naming both', () => {
		const error = errorOf(() => checkCurrentPage({ current_page: 1 }, 2));
		expect(error.message).toBe(
			'page 2 was asked for and page 1 came back (pagination.current_page)',
		);
		expect(error.paging).toBe(true);
		expect(errorOf(() => checkCurrentPage({ current_page: '2' }, 2)).message).toContain(
			'page "2" came back',
		);
	});
});

describe('lastPageOf', () => {
	it('a whole number: it', () => {
		expect(lastPageOf({ last_page: 4 })).toBe(4);
		expect(lastPageOf({ last_page: 0 })).toBe(0);
	});

	it.each([
		[{ last_page: '4' }, 'pagination.last_page is "4", not a whole number'],
		[{ last_page: 2.5 }, 'pagination.last_page is 2.5, not a whole number'],
		[{}, 'pagination.last_page is missing, not a whole number'],
		[null, 'pagination.last_page is missing, not a whole number'],
	])('%j: a paging error', (pagination, message) => {
		const error = errorOf(() => lastPageOf(pagination));
		expect(error.message).toBe(message);
		expect(error.paging).toBe(true);
	});
});

describe('listPage', () => {
	const records = [{ id: 3 }, { id: 2 }];

	it('records, last page, total and the page size the service used', () => {
		expect(
			listPage(
				{ data: records, pagination: { current_page: 2, last_page: 5, total: 42, per_page: 10 } },
				2,
				100,
			),
		).toEqual({ records, lastPage: 5, total: 42, perPage: 10 });
	});

	it('a total that is not a whole number of 0 or more is left out; 0 is kept', () => {
		const page = (total: unknown) =>
			listPage({ data: [], pagination: { last_page: 1, total } }, 1, 25);
		expect(page(0).total).toBe(0);
		expect(page(-1).total).toBeUndefined();
		expect(page('3').total).toBeUndefined();
		expect(page(2.5).total).toBeUndefined();
		expect(page(undefined).total).toBeUndefined();
		expect(page(0).perPage).toBe(25);
	});

	it('no pagination object: a paging error', () => {
		for (const pagination of [undefined, null, [], 'x']) {
			const error = errorOf(() => listPage({ data: records, pagination }, 1, 100));
			expect(error.message).toBe('the answer has no "pagination" object');
			expect(error.paging).toBe(true);
		}
	});

	it('the records are checked first, then the page asked for, then last_page', () => {
		expect(errorOf(() => listPage({ data: 'x', pagination: null }, 1, 100)).paging).toBe(false);
		expect(
			errorOf(() => listPage({ data: [], pagination: { current_page: 1 } }, 2, 100)).message,
		).toMatch(/current_page/);
		expect(errorOf(() => listPage({ data: [], pagination: {} }, 1, 100)).message).toMatch(
			/last_page/,
		);
	});
});

describe('answeredPageSize', () => {
	it.each([
		[{ per_page: 10 }, 10],
		[{ per_page: 1 }, 1],
		[{ per_page: 0 }, 100],
		[{ per_page: -5 }, 100],
		[{ per_page: '10' }, 100],
		[{ per_page: 2.5 }, 100],
		[{}, 100],
		[undefined, 100],
	])('%j, 100 asked: %s', (pagination, size) => {
		expect(answeredPageSize(pagination, 100)).toBe(size);
	});
});

describe('isLastPage and isWholeNumber', () => {
	it('fewer records than the size, or last_page reached (or passed)', () => {
		expect(isLastPage(99, 100, 1, 5)).toBe(true);
		expect(isLastPage(100, 100, 1, 5)).toBe(false);
		expect(isLastPage(100, 100, 5, 5)).toBe(true);
		expect(isLastPage(100, 100, 6, 5)).toBe(true);
		expect(isLastPage(100, 100, 4, 5)).toBe(false);
	});

	it('whole numbers only', () => {
		expect([1, 0, -3, 1.5, '1', NaN, Infinity, null].map(isWholeNumber)).toEqual([
			true,
			true,
			true,
			false,
			false,
			false,
			false,
			false,
		]);
	});
});
