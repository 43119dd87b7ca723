/**
 * The duplicate question (nodes/ReviewCollectionTrigger/reading/duplicates.ts) on hand-built answers: no engine,
 * `list` stubbed. Through the engine against the simulator's dialects and faults:
 * dialects/duplicate-facet.test.ts.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { PollBudget } from '../../nodes/ReviewCollectionTrigger/reading/budget';
import {
	askDuplicates,
	DUPLICATE_FACETS,
	newestDuplicate,
	newestDuplicates,
} from '../../nodes/ReviewCollectionTrigger/reading/duplicates';
import type { Watch } from '../../nodes/ReviewCollectionTrigger/reading/list-request';
import { list, NEWEST } from '../../nodes/ReviewCollectionTrigger/reading/list-request';

jest.mock('../../nodes/ReviewCollectionTrigger/reading/list-request', () => ({
	...jest.requireActual('../../nodes/ReviewCollectionTrigger/reading/list-request'),
	list: jest.fn(),
}));

const listed = list as jest.MockedFunction<typeof list>;
const node = { name: 'Trigger' } as never;
const ctx = { getNode: () => node } as unknown as IPollFunctions;
const watch = { event: 'newReview', extraQuery: { mine: 'x' } } as unknown as Watch;

function budgetOf(allows = true) {
	return {
		allowsRequest: jest.fn(() => allows),
		warnOnce: jest.fn(),
	};
}
const ask = (budget: ReturnType<typeof budgetOf>) =>
	newestDuplicate(ctx, watch, 'p1', budget as unknown as PollBudget);

const answer = (data: unknown) => listed.mockResolvedValueOnce({ data } as never);
const dup = (id: number) => ({ id, is_duplicate: true });
const failing = (httpCode: string, context: Record<string, unknown> = {}) => {
	const error = new NodeApiError(node, { message: 'x', httpCode }, { httpCode });
	Object.assign(error.context, context);
	listed.mockRejectedValueOnce(error);
};

beforeEach(() => listed.mockReset());

describe('newestDuplicate', () => {
	it("the spec's word first, then its plural", () => {
		expect(DUPLICATE_FACETS).toEqual(['duplicate', 'duplicates']);
	});

	it('an event that lists duplicates anyway (not New Review): 0, nothing asked', async () => {
		const budget = budgetOf();
		const messages = { ...watch, event: 'newMessage' } as Watch;
		expect(await newestDuplicate(ctx, messages, 'p1', budget as never)).toBe(0);
		expect(listed).not.toHaveBeenCalled();
	});

	it('duplicates only: the newest (first) id, one request asking facet=duplicate', async () => {
		const budget = budgetOf();
		answer([dup(9), dup(12)]);
		expect(await ask(budget)).toBe(9);
		expect(listed).toHaveBeenCalledTimes(1);
		expect(listed).toHaveBeenCalledWith(
			ctx,
			{ ...watch, extraQuery: { mine: 'x', facet: 'duplicate' } },
			'p1',
			NEWEST,
			budget,
		);
		expect(budget.warnOnce).not.toHaveBeenCalled();
	});

	it('no duplicates listed: 0, the value holds (nothing more asked)', async () => {
		const budget = budgetOf();
		answer([]);
		expect(await ask(budget)).toBe(0);
		expect(listed).toHaveBeenCalledTimes(1);
		expect(budget.warnOnce).not.toHaveBeenCalled();
	});

	it.each([
		['a review that is not a duplicate', [dup(3), { id: 2, is_duplicate: false }]],
		['a review without the flag', [{ id: 2 }]],
		['a flag that is not true', [{ id: 2, is_duplicate: 'true' }]],
		['an answer that is no list', { id: 2 }],
	])('%s (the value ignored): the plural is asked next', async (_what, data) => {
		const budget = budgetOf();
		answer(data);
		answer([dup(7)]);
		expect(await ask(budget)).toBe(7);
		expect(listed).toHaveBeenCalledTimes(2);
		expect(listed.mock.calls[1][1].extraQuery).toEqual({ mine: 'x', facet: 'duplicates' });
		expect(budget.allowsRequest).toHaveBeenCalledWith(false);
		expect(budget.warnOnce).not.toHaveBeenCalled();
	});

	it.each(['400', '404', '422'])('refused (%s): the plural is asked next', async (code) => {
		const budget = budgetOf();
		failing(code);
		answer([dup(4)]);
		expect(await ask(budget)).toBe(4);
	});

	it('neither value holds: 0, and one warning naming both', async () => {
		const budget = budgetOf();
		failing('422');
		answer([{ id: 1, is_duplicate: false }]);
		expect(await ask(budget)).toBe(0);
		expect(budget.warnOnce).toHaveBeenCalledTimes(1);
		const [warnedCtx, topic, message] = budget.warnOnce.mock.calls[0] as unknown as [
			unknown,
			string,
			string,
		];
		expect(warnedCtx).toBe(ctx);
		expect(topic).toBe('duplicate-facet');
		expect(message).toContain('(facet=duplicate, facet=duplicates)');
		expect(message).toMatch(/may fire as a new review/);
	});

	it('no time left for the second value: 0, no warning, not asked', async () => {
		const budget = budgetOf(false);
		answer([{ id: 1 }]);
		expect(await ask(budget)).toBe(0);
		expect(listed).toHaveBeenCalledTimes(1);
		expect(budget.warnOnce).not.toHaveBeenCalled();
	});

	it('the first value is asked whatever the budget says (within its own deadline)', async () => {
		const budget = budgetOf(false);
		answer([dup(3)]);
		expect(await ask(budget)).toBe(3);
		expect(budget.allowsRequest).not.toHaveBeenCalled();
	});

	it('out of the poll’s time while asking: 0, nothing more, no warning', async () => {
		const budget = budgetOf();
		failing('500', { outOfBudget: true });
		expect(await ask(budget)).toBe(0);
		expect(listed).toHaveBeenCalledTimes(1);
		expect(budget.warnOnce).not.toHaveBeenCalled();
	});

	it.each(['500', '503', '401', '403', '429'])(
		'any other failure (%s): the poll fails with it, nothing more asked',
		async (code) => {
			const budget = budgetOf();
			failing(code);
			await expect(ask(budget)).rejects.toBeInstanceOf(NodeApiError);
			expect(listed).toHaveBeenCalledTimes(1);
			expect(budget.warnOnce).not.toHaveBeenCalled();
		},
	);

	it('a failure that is no API error (a dropped connection’s): the poll fails', async () => {
		const budget = budgetOf();
		listed.mockRejectedValueOnce(new Error('socket hang up'));
		await expect(ask(budget)).rejects.toThrow('socket hang up');
	});
});

describe('newestDuplicates (the first look: as many as it keeps one by one)', () => {
	const many = (budget: ReturnType<typeof budgetOf>, count: number) =>
		newestDuplicates(ctx, watch, 'p1', budget as unknown as PollBudget, count);
	const page = (data: unknown, total?: number) =>
		listed.mockResolvedValueOnce({
			data,
			...(total !== undefined && { pagination: { total } }),
		} as never);

	it('asks for `count` of them newest first; every id listed, none more when the total says so', async () => {
		const budget = budgetOf();
		page([dup(30), dup(20), dup(10)], 3);
		expect(await many(budget, 51)).toStrictEqual({ ids: [30, 20, 10], more: false });
		expect(listed).toHaveBeenCalledWith(
			ctx,
			{ ...watch, extraQuery: { mine: 'x', facet: 'duplicate' } },
			'p1',
			{ ...NEWEST, perPage: 51 },
			budget,
		);
	});

	it('more: a total above those listed, or without a total a full page', async () => {
		page([dup(30), dup(20)], 3);
		expect(await many(budgetOf(), 2)).toStrictEqual({ ids: [30, 20], more: true });
		page([dup(30), dup(20)]);
		expect(await many(budgetOf(), 2)).toStrictEqual({ ids: [30, 20], more: true });
		page([dup(30)]);
		expect(await many(budgetOf(), 2)).toStrictEqual({ ids: [30], more: false });
		// A full page whose total says it holds them all.
		page([dup(30), dup(20)], 2);
		expect(await many(budgetOf(), 2)).toStrictEqual({ ids: [30, 20], more: false });
	});

	it('a facet ignored (a review listed that is not a duplicate), then none holds: nothing, a warning', async () => {
		const budget = budgetOf();
		page([dup(30), { id: 29, is_duplicate: false }], 2);
		failing('422');
		expect(await many(budget, 51)).toStrictEqual({ ids: [], more: false });
		expect(budget.warnOnce).toHaveBeenCalledTimes(1);
		page([dup(30), { id: 29, is_duplicate: false }], 2);
		failing('422');
		const answer = await askDuplicates(ctx, watch, 'p1', budget as never, 51);
		expect(answer.tried.map((t) => t.answer)).toEqual([
			'ignored (it listed reviews that are not duplicates)',
			expect.stringMatching(/^refused \(/),
		]);
	});
});
