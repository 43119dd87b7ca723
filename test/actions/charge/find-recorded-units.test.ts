/**
 * actions/charge/find-recorded.ts on hand-built answers (no engine, no HTTP: the requests and the
 * customer lookup are stubbed): which charge counts as recorded, what is read and how often. Through
 * the engine against the simulator: skip-existing*.test.ts, sync-dialects.test.ts.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	customerIdsOf,
	findRecordedCharge,
	noteRecorded,
	outsideListReads,
} from '../../../nodes/ReviewCollection/actions/charge/find-recorded';
import type { WantedCharge } from '../../../nodes/ReviewCollection/actions/charge/find-recorded';
import { momentOf } from '../../../nodes/ReviewCollection/actions/charge/moment';
import { newActionExecution } from '../../../nodes/ReviewCollection/actions/execution';
import { customersOf } from '../../../nodes/ReviewCollection/actions/sync-customer';
import { apiRequest, apiRequestAllItems } from '../../../nodes/ReviewCollection/transport';

jest.mock('../../../nodes/ReviewCollection/transport', () => ({
	...jest.requireActual('../../../nodes/ReviewCollection/transport'),
	apiRequest: jest.fn(),
	apiRequestAllItems: jest.fn(),
}));
jest.mock('../../../nodes/ReviewCollection/actions/sync-customer', () => ({
	...jest.requireActual('../../../nodes/ReviewCollection/actions/sync-customer'),
	customersOf: jest.fn(),
}));

const request = apiRequest as jest.MockedFunction<typeof apiRequest>;
const listAll = apiRequestAllItems as jest.MockedFunction<typeof apiRequestAllItems>;
const customers = customersOf as jest.MockedFunction<typeof customersOf>;
const node = { name: 'Charge' } as never;

function ctxOf(parameters: IDataObject = {}) {
	return {
		getNode: () => node,
		getNodeParameter: (name: string, _i: number, fallback: unknown) =>
			name in parameters ? parameters[name] : fallback,
	} as unknown as IExecuteFunctions;
}
const ctx = ctxOf();

const AT = '2026-11-20T09:30:15Z';
const wanted = (more: Partial<WantedCharge> = {}): WantedCharge => ({
	amount: 500,
	currency: 'USD',
	moment: momentOf(AT)!,
	given: { email: 'Ann@Example.com ', phone: '' },
	...more,
});
const charge = (id: number, customer_id: number, more: IDataObject = {}): IDataObject => ({
	id,
	customer_id,
	amount: 500,
	currency: 'USD',
	charged_at: '2026-11-20T09:30:15+00:00',
	...more,
});
const refusal = (code: string) =>
	new NodeApiError(node, { message: 'x', httpCode: code }, { httpCode: code });

beforeEach(() => {
	request.mockReset();
	listAll.mockReset();
	customers.mockReset();
});

describe('findRecordedCharge: a customer the service lists', () => {
	it('the charge of that customer, amount, currency and second; the three days around it, read once', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValue([
			charge(1, 8),
			charge(2, 7, { amount: 501 }),
			charge(3, 7, { currency: 'EUR' }),
			charge(4, 7, { charged_at: '2026-11-20T09:30:16+00:00' }),
			charge(5, 7),
		]);
		const execution = newActionExecution();
		const found = await findRecordedCharge(ctx, 0, execution, wanted());
		expect(found).toEqual({ recorded: charge(5, 7), customerIds: [7] });
		expect(listAll).toHaveBeenCalledTimes(1);
		expect(listAll.mock.calls[0][1]).toEqual({
			execution,
			path: '/project/charges',
			qs: { date_from: '2026-11-19', date_to: '2026-11-21' },
			paginated: true,
			itemIndex: 0,
		});
		expect(customers).toHaveBeenCalledWith(ctx, 0, execution, wanted().given);
		await findRecordedCharge(ctx, 1, execution, wanted({ amount: 600 }));
		expect(listAll).toHaveBeenCalledTimes(1);
	});

	it('currency shown in lower case, the same second with another offset: still that charge', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValue([
			charge(5, 7, { currency: 'usd', charged_at: '2026-11-20T10:30:15+01:00' }),
		]);
		const found = await findRecordedCharge(ctx, 0, newActionExecution(), wanted());
		expect(found.recorded?.id).toBe(5);
	});

	it('none of that customer: nothing recorded', async () => {
		customers.mockResolvedValue([{ id: 7 }, { id: 9 }]);
		listAll.mockResolvedValue([charge(1, 8)]);
		expect(await findRecordedCharge(ctx, 0, newActionExecution(), wanted())).toEqual({
			recorded: undefined,
			customerIds: [7, 9],
		});
		expect(request).not.toHaveBeenCalled();
	});

	it('another day: its own list', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValue([]);
		const execution = newActionExecution();
		await findRecordedCharge(ctx, 0, execution, wanted());
		await findRecordedCharge(
			ctx,
			0,
			execution,
			wanted({ moment: momentOf('2026-11-25T01:00:00Z')! }),
		);
		expect(listAll.mock.calls.map(([, r]) => r.qs)).toEqual([
			{ date_from: '2026-11-19', date_to: '2026-11-21' },
			{ date_from: '2026-11-24', date_to: '2026-11-26' },
		]);
	});

	it('a failed list read is not kept: the next item reads again', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockRejectedValueOnce(new Error('HTTP 500')).mockResolvedValueOnce([charge(5, 7)]);
		const execution = newActionExecution();
		await expect(findRecordedCharge(ctx, 0, execution, wanted())).rejects.toThrow('HTTP 500');
		expect((await findRecordedCharge(ctx, 1, execution, wanted())).recorded?.id).toBe(5);
	});
});

describe('findRecordedCharge: a charge this execution recorded', () => {
	it('found again in the list read anew (the earlier read is stale), as stored', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValueOnce([]).mockResolvedValueOnce([charge(5, 7)]);
		const execution = newActionExecution();
		expect((await findRecordedCharge(ctx, 0, execution, wanted())).recorded).toBeUndefined();
		noteRecorded(
			ctx,
			0,
			execution,
			wanted(),
			{ amount: 500, currency: 'usd', charged_at: AT },
			[7],
		);
		expect(execution.charges.stale.has('projectKey 2026-11-20')).toBe(true);

		const again = await findRecordedCharge(ctx, 1, execution, wanted());

		expect(again).toEqual({ recorded: charge(5, 7), customerIds: [7] });
		expect(listAll).toHaveBeenCalledTimes(2);
		expect(execution.charges.stale.size).toBe(0);
		await findRecordedCharge(ctx, 2, execution, wanted());
		expect(listAll).toHaveBeenCalledTimes(2);
	});

	it('not in the list (yet): the POST’s answer stands for it', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValue([]);
		const execution = newActionExecution();
		const answer = { amount: 500, currency: 'USD', charged_at: AT };
		noteRecorded(ctx, 0, execution, wanted(), answer, [7]);
		expect((await findRecordedCharge(ctx, 1, execution, wanted())).recorded).toBe(answer);
	});

	it('recorded for several customers, one of them the item’s: taken', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValue([]);
		const execution = newActionExecution();
		const answer = { amount: 500, currency: 'USD', charged_at: AT };
		noteRecorded(ctx, 0, execution, wanted(), answer, [8, 7]);
		expect((await findRecordedCharge(ctx, 1, execution, wanted())).recorded).toBe(answer);
	});

	it('another customer’s, another project’s, or another charge: not taken', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValue([]);
		const execution = newActionExecution();
		const answer = { amount: 500, currency: 'USD', charged_at: AT };
		noteRecorded(ctx, 0, execution, wanted(), answer, [8]);
		noteRecorded(ctx, 0, execution, wanted(), { ...answer, amount: 501 }, [7]);
		const agencyCtx = ctxOf({ authentication: 'agencyKey', projectId: '3' });
		noteRecorded(agencyCtx, 0, execution, wanted(), answer, [7]);
		expect((await findRecordedCharge(ctx, 1, execution, wanted())).recorded).toBeUndefined();
	});

	it('recorded for a customer then unknown: looked up again (once) after the POST', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		listAll.mockResolvedValue([]);
		const execution = newActionExecution();
		execution.customers.set('x', Promise.resolve([]));
		const answer = { amount: 500, currency: 'USD', charged_at: AT };
		noteRecorded(ctx, 0, execution, wanted(), answer, []);
		expect(execution.customers.size).toBe(0);
		expect((await findRecordedCharge(ctx, 1, execution, wanted())).recorded).toBe(answer);
		expect(customers).toHaveBeenCalledTimes(2);
		await findRecordedCharge(ctx, 2, execution, wanted());
		expect(customers).toHaveBeenCalledTimes(3);
	});
});

describe('findRecordedCharge: no customer listed with the item’s contact', () => {
	const customerRead = (data: IDataObject) => request.mockResolvedValueOnce({ data } as never);

	it('a matching charge whose customer, read by id, has the email: that charge', async () => {
		customers.mockResolvedValue([]);
		listAll.mockResolvedValue([charge(1, 8, { amount: 9 }), charge(2, 9), charge(3, 10)]);
		customerRead({ id: 9, email: 'someone@example.com' });
		customerRead({ id: 10, email: 'ann@example.com' });
		const execution = newActionExecution();
		const found = await findRecordedCharge(ctx, 4, execution, wanted());
		expect(found).toEqual({ recorded: charge(3, 10), customerIds: [10] });
		expect(request.mock.calls.map(([, r]) => r)).toEqual([
			{ method: 'GET', path: '/project/customers/9', itemIndex: 4, execution },
			{ method: 'GET', path: '/project/customers/10', itemIndex: 4, execution },
		]);
	});

	it('found by the phone’s digits', async () => {
		customers.mockResolvedValue([]);
		listAll.mockResolvedValue([charge(2, 9)]);
		customerRead({ id: 9, email: '', phone: '+1 (555) 010-0025' });
		const found = await findRecordedCharge(
			ctx,
			0,
			newActionExecution(),
			wanted({ given: { email: '', phone: '+15550100025' } }),
		);
		expect(found.customerIds).toEqual([9]);
	});

	it.each(['400', '404', '422'])(
		'the customer refused (%s, gone): not the item’s',
		async (code) => {
			customers.mockResolvedValue([]);
			listAll.mockResolvedValue([charge(2, 9)]);
			request.mockRejectedValueOnce(refusal(code));
			expect(await findRecordedCharge(ctx, 0, newActionExecution(), wanted())).toEqual({
				customerIds: [],
			});
		},
	);

	it.each(['500', '503', '401', '429'])(
		'the customer cannot be read (%s): the error, never “not recorded”',
		async (code) => {
			customers.mockResolvedValue([]);
			listAll.mockResolvedValue([charge(2, 9)]);
			const error = refusal(code);
			request.mockRejectedValueOnce(error);
			await expect(findRecordedCharge(ctx, 0, newActionExecution(), wanted())).rejects.toBe(error);
			expect(request).toHaveBeenCalledTimes(1);
		},
	);

	it('no matching charge: nothing read', async () => {
		customers.mockResolvedValue([]);
		listAll.mockResolvedValue([charge(2, 9, { amount: 1 })]);
		expect(await findRecordedCharge(ctx, 0, newActionExecution(), wanted())).toEqual({
			customerIds: [],
		});
		expect(request).not.toHaveBeenCalled();
	});
});

describe('customerIdsOf', () => {
	it('the ids of the customers found', async () => {
		customers.mockResolvedValue([{ id: 3 }, { id: 4 }]);
		expect(await customerIdsOf(ctx, 0, newActionExecution(), wanted().given)).toEqual([3, 4]);
	});
});

describe('outsideListReads: a charge POST never while a charge list is paged through', () => {
	it('waits for the list read in flight, then posts; a list read waits for the POST', async () => {
		customers.mockResolvedValue([{ id: 7 }]);
		const order: string[] = [];
		let finishList: (value: IDataObject[]) => void = () => undefined;
		listAll.mockImplementationOnce(
			async () =>
				await new Promise<IDataObject[]>((resolve) => {
					order.push('list started');
					finishList = (value) => {
						order.push('list done');
						resolve(value);
					};
				}),
		);
		const execution = newActionExecution();
		const finding = findRecordedCharge(ctx, 0, execution, wanted());
		await new Promise((resolve) => setImmediate(resolve));
		expect(execution.charges.listing.size).toBe(1);
		const posting = outsideListReads(execution, async () => {
			order.push('post');
			return 'posted';
		});
		await new Promise((resolve) => setImmediate(resolve));
		expect(order).toEqual(['list started']);
		finishList([]);
		expect(await posting).toBe('posted');
		await finding;
		expect(order).toEqual(['list started', 'list done', 'post']);
		expect(execution.charges.listing.size).toBe(0);
		expect(execution.charges.posting.size).toBe(0);
	});

	it('a POST that fails leaves nothing in flight', async () => {
		const execution = newActionExecution();
		await expect(
			outsideListReads(execution, async () => await Promise.reject(new Error('HTTP 500'))),
		).rejects.toThrow('HTTP 500');
		expect(execution.charges.posting.size).toBe(0);
	});
});
