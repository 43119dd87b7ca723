import { NodeApiError } from 'n8n-workflow';

import { runNode } from '../harness';
import type { HostileRequest, HostileServer } from '../harness/hostile-server';
import { envelope, startHostileServer } from '../harness/hostile-server';

/**
 * Issue 12.3 and 12.6: Return All follows pages only while the list makes progress, and takes only
 * records of the right shape. A list that never ends, ignores `page` or answers in another shape fails
 * with a clear error after a bounded number of requests, and never outputs a record twice.
 */
type ListAnswer = (page: number, request: HostileRequest) => unknown;
let answer: ListAnswer;
let service: HostileServer;

beforeAll(async () => {
	service = await startHostileServer((request) => ({
		body: answer(Number(request.query.get('page') ?? 1), request),
	}));
});
afterAll(async () => await service.close());
beforeEach(() => (service.requests.length = 0));

const records = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => ({ id: from + i, score: 5 }));
const page = (data: unknown, pagination: Record<string, unknown>) => envelope(data, { pagination });

async function getAllReviews() {
	return await runNode({
		parameters: { resource: 'review', operation: 'getAll', returnAll: true },
		credentials: {
			reviewCollectionProjectApi: { baseUrl: service.url, apiKey: 'project-key-0123456789' },
		},
	});
}

const NO_PROGRESS: Array<[string, ListAnswer, RegExp]> = [
	[
		'last_page that is not a number',
		(n) =>
			page(records(n * 100, 100), {
				current_page: n,
				last_page: 'many',
				per_page: 100,
				total: 500,
			}),
		/last_page/,
	],
	[
		'last_page that is not a whole number',
		(n) =>
			page(records(n * 100, 100), { current_page: n, last_page: 2.5, per_page: 100, total: 250 }),
		/last_page/,
	],
	[
		'a list that ignores page (always page 1)',
		() => page(records(1, 100), { current_page: 1, last_page: 5, per_page: 100, total: 500 }),
		/page 2.*page 1|current_page/,
	],
	[
		'more pages than total allows',
		(n) =>
			page(records(n * 100, 100), { current_page: n, last_page: 1000, per_page: 100, total: 150 }),
		/total/,
	],
];

describe.each(NO_PROGRESS)('Return All over %s', (_what, list, message) => {
	it('fails with a clear error in a bounded number of requests and outputs nothing', async () => {
		answer = list;
		const { error, items } = await getAllReviews();
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(message);
		expect(error?.message).toMatch(/\/project\/reviews/);
		expect(items).toEqual([]);
		expect(service.requests.length).toBeLessThanOrEqual(5);
	});
});

const ODD_SHAPES: Array<[string, unknown]> = [
	['data with null, a number and a string', [null, 7, 'x']],
	['a record without an id', [{ score: 5 }]],
	['a record whose id is not a whole number', [{ id: 'seven' }]],
	['data an object where a list is expected', { id: 1 }],
	['data a string', 'reviews'],
	['no data at all', undefined],
];

// Contract §9: a list may gain records while it is read, so neither a growing last_page nor records
// that come again are errors by themselves; a list that grows faster than it is read still ends.
it('a list that grows by a page with every page read fails in a bounded number of requests', async () => {
	answer = (n) =>
		page(records(n * 100, 100), {
			current_page: n,
			last_page: n + 1,
			per_page: 100,
			total: (n + 1) * 100,
		});
	const { error, items } = await getAllReviews();
	expect(error).toBeInstanceOf(NodeApiError);
	expect(error?.message).toMatch(/GET \/project\/reviews.*changed faster than it could be read/);
	expect(items).toEqual([]);
	// This service ignores per_page (always 100): its pages only touch, each confirmed by a second read.
	expect(service.requests.length).toBeLessThanOrEqual(8 * 2 + 2 + 10);
});

it('a page that repeats records of an earlier page: each record is output once, and the read ends', async () => {
	answer = (n) =>
		page(records(n === 1 ? 1 : 51, 100), {
			current_page: n,
			last_page: 3,
			per_page: 100,
			total: 300,
		});
	const { error, items } = await getAllReviews();
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toEqual(records(1, 150).map((r) => r.id));
	expect(service.requests.length).toBeLessThanOrEqual(5);
});

describe.each(ODD_SHAPES)('a list answered with %s', (_what, data) => {
	it('is a clear "unexpected shape" error naming the HTTP code and the path, with no items', async () => {
		answer = () => page(data, { current_page: 1, last_page: 1, per_page: 100, total: 1 });
		const { error, items } = await getAllReviews();
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/unexpected shape/);
		expect(error?.message).toMatch(/GET \/project\/reviews/);
		expect(error?.message).toMatch(/200/);
		expect(error?.message).not.toMatch(/Cannot read properties/);
		expect(items).toEqual([]);
	});
});

it('a list that gains records while it is read still ends: well-formed pages are all read once', async () => {
	answer = (n) =>
		page(records((n - 1) * 100 + 1, n === 3 ? 20 : 100), {
			current_page: n,
			last_page: 3,
			per_page: 100,
			total: 220,
		});
	const { error, items } = await getAllReviews();
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.id)).toEqual(records(1, 220).map((r) => r.id));
	// Pages 1-3, and page 1 and 2 again: this service ignores per_page (always 100), so each page that
	// only touches the one before is confirmed by reading that one again after it (contract §10).
	expect(service.requests.map((request) => request.query.get('page'))).toEqual([
		'1',
		'2',
		'1',
		'3',
		'2',
	]);
});
