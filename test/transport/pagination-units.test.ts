/**
 * transport/pagination.ts on hand-built answers (no engine, no HTTP: `apiRequest` and the list reader
 * are stubbed, so each rule of a page is seen on its own). Through the engine: answer-shape.test.ts,
 * paging-bound.test.ts, actions/lists/.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiContext } from '../../nodes/ReviewCollection/transport/credentials';
import type { PageAnswer } from '../../nodes/ReviewCollection/transport/list-reader';
import { readList } from '../../nodes/ReviewCollection/transport/list-reader';
import {
	apiRequestAllItems,
	PAGE_SIZE,
	recordsOf,
} from '../../nodes/ReviewCollection/transport/pagination';
import { apiRequest } from '../../nodes/ReviewCollection/transport/request';

jest.mock('../../nodes/ReviewCollection/transport/request', () => ({
	...jest.requireActual('../../nodes/ReviewCollection/transport/request'),
	apiRequest: jest.fn(),
}));
jest.mock('../../nodes/ReviewCollection/transport/list-reader', () => ({ readList: jest.fn() }));

const request = apiRequest as jest.MockedFunction<typeof apiRequest>;
const reader = readList as jest.MockedFunction<typeof readList>;
const node = { name: 'Review Collection' } as INode;
const ctx = { getNode: () => node } as unknown as ApiContext;
const execution = {} as never;

beforeEach(() => {
	request.mockReset();
	reader.mockReset();
});

/** The page reader apiRequestAllItems gives the list reader, and the options it passes. */
async function pageReader(qs: IDataObject = {}, more = {}) {
	reader.mockResolvedValue([]);
	await apiRequestAllItems(ctx, {
		path: '/project/reviews',
		qs,
		paginated: true,
		itemIndex: 2,
		execution,
		...more,
	});
	const [readPage, options] = reader.mock.calls[0];
	return { readPage, options };
}

const answer = (data: unknown, pagination?: unknown) =>
	request.mockResolvedValueOnce({ data, pagination } as never);

/** The NodeApiError `run` rejects with. */
async function failure(run: () => Promise<unknown>): Promise<NodeApiError> {
	const error = await run().then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(NodeApiError);
	return error as NodeApiError;
}

describe('apiRequestAllItems: an unpaginated list', () => {
	it('one GET with the query; every record, or the first `limit`', async () => {
		answer([{ id: 1 }, { id: 2 }, { id: 3 }]);
		const all = await apiRequestAllItems(ctx, {
			path: '/agency/projects',
			qs: { a: 1 },
			paginated: false,
			execution,
		});
		expect(all.map((r) => r.id)).toEqual([1, 2, 3]);
		expect(request).toHaveBeenCalledWith(ctx, {
			path: '/agency/projects',
			qs: { a: 1 },
			execution,
			method: 'GET',
		});
		answer([{ id: 1 }, { id: 2 }, { id: 3 }]);
		const two = await apiRequestAllItems(ctx, {
			path: '/agency/projects',
			paginated: false,
			limit: 2,
			execution,
		});
		expect(two.map((r) => r.id)).toEqual([1, 2]);
		expect(reader).not.toHaveBeenCalled();
	});

	it('a bad shape: an error naming the request and the problem (not a paging one)', async () => {
		answer({ id: 1 });
		const error = await failure(() =>
			apiRequestAllItems(ctx, {
				path: '/agency/projects',
				paginated: false,
				itemIndex: 4,
				execution,
			}),
		);
		expect(error.message).toBe(
			'The service\'s answer to GET /agency/projects (HTTP 200) has an unexpected shape: "data" is an object, not a list of records',
		);
		expect(error.context.itemIndex).toBe(4);
	});
});

describe('apiRequestAllItems: a paginated list', () => {
	it('the list reader gets pages of PAGE_SIZE, the limit, the concurrency', async () => {
		const { options } = await pageReader({}, { limit: 7, concurrency: 3 });
		expect(PAGE_SIZE).toBe(100);
		expect(options).toMatchObject({ pageSize: 100, limit: 7, concurrency: 3 });
		const error = options.fail!('the pages do not add up');
		expect(error.message).toBe(
			'Paging through GET /project/reviews stopped: the pages do not add up',
		);
		expect((error as NodeApiError).context.itemIndex).toBe(2);
	});

	it('a page is asked with the query, page and per_page', async () => {
		const { readPage } = await pageReader({ score: 5 });
		answer([{ id: 9 }], { current_page: 3, last_page: 4 });
		const page = await readPage(3, 50);
		expect(request).toHaveBeenCalledWith(ctx, {
			path: '/project/reviews',
			itemIndex: 2,
			execution,
			method: 'GET',
			qs: { score: 5, page: 3, per_page: 50 },
		});
		expect(page).toEqual({ records: [{ id: 9 }], lastPage: 4, perPage: undefined });
	});

	it('no pagination: the whole list, this page its last', async () => {
		const { readPage } = await pageReader();
		answer([{ id: 1 }]);
		expect(await readPage(2, 100)).toEqual({ records: [{ id: 1 }], lastPage: 2 });
	});

	it('per_page and total as answered: whole numbers only, per_page above 0', async () => {
		const { readPage } = await pageReader();
		const cases: Array<[unknown, unknown, Partial<PageAnswer>]> = [
			[10, 42, { perPage: 10, total: 42 }],
			[0, 42, { perPage: undefined, total: 42 }],
			['10', 42, { perPage: undefined, total: 42 }],
			[10, '42', { perPage: 10, total: undefined }],
			[1, 0, { perPage: 1, total: 0 }],
		];
		for (const [perPage, total, expected] of cases) {
			answer([], { last_page: 5, per_page: perPage, total });
			const page = await readPage(1, 100);
			expect({ perPage: page.perPage, total: page.total }).toEqual({
				perPage: expected.perPage,
				total: expected.total,
			});
		}
	});

	it.each([
		['another page came back', { current_page: 1, last_page: 3 }, 2, /current_page/],
		['no last_page', { current_page: 2 }, 2, /pagination\.last_page is missing/],
	])('%s: a paging error naming the request', async (_what, pagination, page, problem) => {
		const { readPage } = await pageReader();
		answer([{ id: 1 }], pagination);
		const error = await failure(() => readPage(page, 100));
		expect(error.message).toMatch(/^Paging through GET \/project\/reviews stopped: /);
		expect(error.message).toMatch(problem);
	});

	it('a bad record: a shape error, not a paging one', async () => {
		const { readPage } = await pageReader();
		answer([{ id: 'x' }], { last_page: 1 });
		const error = await failure(() => readPage(1, 100));
		expect(error.message).toMatch(/has an unexpected shape: record 1 of "data"/);
	});

	describe('records past pagination.total', () => {
		const page = async (n: number, count: number, pagination: object, asked = 100) => {
			const { readPage } = await pageReader();
			const data = Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
			answer(data, { last_page: 9, ...pagination });
			return readPage(n, asked);
		};

		it('within total, up to its last record: fine', async () => {
			await expect(page(1, 3, { total: 3 })).resolves.toMatchObject({ total: 3 });
			await expect(page(2, 2, { total: 5, per_page: 3 })).resolves.toMatchObject({ total: 5 });
			await expect(page(2, 1, { total: 4 }, 3)).resolves.toMatchObject({ total: 4 });
		});

		it('one past it: a paging error naming the page, its size and total', async () => {
			const error = await failure(() => page(1, 4, { total: 3 }));
			expect(error.message).toBe(
				'Paging through GET /project/reviews stopped: page 1 of 100 has records past pagination.total (3)',
			);
			const sized = await failure(() => page(2, 3, { total: 5, per_page: 3 }));
			expect(sized.message).toMatch(/page 2 of 3 has records past pagination\.total \(5\)/);
			const asked = await failure(() => page(2, 2, { total: 4 }, 3));
			expect(asked.message).toMatch(/page 2 of 3 has records past pagination\.total \(4\)/);
		});

		it('an empty page past a total that shrank: no error (the list reader judges it)', async () => {
			await expect(page(3, 0, { total: 150 })).resolves.toMatchObject({ records: [] });
		});
	});
});

describe('recordsOf: a "From list" page', () => {
	it('the records, or an error naming the problem', () => {
		expect(recordsOf(ctx, { data: [{ id: 4 }] } as never)).toEqual([{ id: 4 }]);
		expect(() => recordsOf(ctx, { data: 'x' } as never)).toThrow(
			'has an unexpected shape: "data" is a string, not a list of records',
		);
	});
});
