import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';
import { expectReturnAllPages } from '../../harness/page-plan';

const env = useSimulator();
const DAY = 86400;

describe('charge → getAll', () => {
	it('follows every page with Return All and outputs one paired item per charge', async () => {
		const project = env.sim.defaultProject();
		for (let i = 0; i < 150; i++) env.sim.addCharge(project.id, { amount: 100 + i });

		const { items, error } = await env.run({
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(project.charges.items.length);
		expect(items).toHaveLength(152);
		const requests = env.requests('GET', '/project/charges');
		expectReturnAllPages(requests, items.length);
		expect(requests.every((r) => bearerOf(r) === project.key)).toBe(true);
		const [first] = project.charges.items;
		expect(items.find((item) => item.json.id === first.id)?.json).toEqual(
			env.sim.toJson('charge', first.id),
		);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('stops requesting once the Limit is reached', async () => {
		const project = env.sim.defaultProject();
		for (let i = 0; i < 30; i++) env.sim.addCharge(project.id);

		const { items } = await env.run({
			resource: 'charge',
			operation: 'getAll',
			returnAll: false,
			limit: 4,
		});

		expect(items).toHaveLength(4);
		const requests = env.requests('GET', '/project/charges');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({ page: '1', per_page: '4' });
	});

	it('sends the date filters and extra query parameters, and returns only charges in the range', async () => {
		const project = env.sim.defaultProject();
		const now = env.sim.now();
		env.sim.setNow(now);
		const old = env.sim.addCharge(project.id, { amount: 1, charged_at: now - 400 * DAY });
		for (let i = 0; i < 5; i++)
			env.sim.addCharge(project.id, { amount: 7, charged_at: now - 3 * DAY });
		const from = new Date((now - 20 * DAY) * 1000).toISOString().slice(0, 10);
		const to = new Date((now + DAY) * 1000).toISOString();

		const { items } = await env.run({
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
			filters: { dateFrom: from, dateTo: to },
			options: { queryParameters: { parameter: [{ name: 'currency_hint', value: 'usd' }] } },
		});

		const [request] = env.requests('GET', '/project/charges');
		expect(request.query).toEqual({
			date_from: from,
			date_to: to.slice(0, 10),
			currency_hint: 'usd',
			page: '1',
			per_page: '100',
		});
		expect(items).toHaveLength(project.charges.items.length - 1);
		expect(items.map((item) => item.json.id)).not.toContain(old.id);
	});

	it('rejects Date To before Date From without sending anything', async () => {
		const { error } = await env.run({
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
			filters: { dateFrom: '2026-03-10', dateTo: '2026-03-01' },
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/Date To in item 0: must not be before Date From/);
		expect(env.sim.requests).toHaveLength(0);
	});
});

describe('charge → create', () => {
	it('sends the amount, the upper-cased currency and the additional fields, and stores the charge', async () => {
		const project = env.sim.defaultProject();
		const before = project.charges.items.length;

		const { items, error } = await env.run({
			resource: 'charge',
			operation: 'create',
			amount: 4999,
			currency: 'eur',
			additionalFields: {
				email: 'new.buyer@example.com',
				locationSlug: 'riverside',
				chargedAt: '2026-01-15T10:30:00Z',
			},
		});

		expect(error).toBeUndefined();
		const [request] = env.requests('POST', '/project/charges');
		expect(bearerOf(request)).toBe(project.key);
		expect(request.body).toEqual({
			amount: 4999,
			currency: 'EUR',
			email: 'new.buyer@example.com',
			location_slug: 'riverside',
			charged_at: '2026-01-15T10:30:00Z',
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			email: 'new.buyer@example.com',
			amount: 4999,
			currency: 'EUR',
		});
		expect(String(items[0].json.charged_at)).toMatch(/^2026-01-15T10:30:00[+-]\d{2}:\d{2}$/);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(project.charges.items).toHaveLength(before + 1);
		const stored = project.charges.items[before];
		expect(stored).toMatchObject({ amount: 4999, currency: 'EUR' });
		expect(project.customers.get(stored.customer_id)?.email).toBe('new.buyer@example.com');
	});

	it.each([
		[{ amount: 25.99, currency: 'USD' }, /Invalid Amount in item 0: must be a whole number/],
		[
			{ amount: 100, currency: 'EURO' },
			/Invalid Currency in item 0: must be a three-letter ISO code/,
		],
		[{ amount: 100, currency: 'U1D' }, /Invalid Currency in item 0/],
		[
			{
				amount: 100,
				currency: 'USD',
				additionalFields: { email: 'a@example.com', chargedAt: 'yesterday-ish' },
			},
			/Invalid Charged At in item 0: is not a date-time/,
		],
	])('rejects %j before sending anything', async (parameters, message) => {
		const { error } = await env.run({ resource: 'charge', operation: 'create', ...parameters });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('surfaces the 422 of the API when neither email nor phone is given', async () => {
		const { error } = await env.run({
			resource: 'charge',
			operation: 'create',
			amount: 100,
			currency: 'USD',
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('422');
		expect(error?.description).toMatch(/email/);
		expect(env.sim.defaultProject().charges.items).toHaveLength(2);
	});
});

describe('charge → delete', () => {
	it('deletes the charge and outputs { deleted: true }', async () => {
		const project = env.sim.defaultProject();
		const [charge] = project.charges.items;

		const { items, error } = await env.run({
			resource: 'charge',
			operation: 'delete',
			chargeId: byId(charge.id),
		});

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, id: charge.id }, pairedItem: { item: 0 } }]);
		const [request] = env.requests('DELETE');
		expect(request.path).toBe(`/project/charges/${charge.id}`);
		expect(bearerOf(request)).toBe(project.key);
		expect(project.charges.get(charge.id)).toBeUndefined();
	});

	it('reports an unknown charge with the 404 of the API', async () => {
		const { error } = await env.run({
			resource: 'charge',
			operation: 'delete',
			chargeId: byId(9999),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Charge 9999 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
	});

	it('rejects an ID from an expression that is not a number without sending anything', async () => {
		const { error } = await env.run(
			{ resource: 'charge', operation: 'delete', chargeId: byId('={{ $json.id }}') },
			{ input: [{ id: 'abc' }] },
		);

		expect(error?.message).toMatch(/Invalid Charge in item 0: must be an ID/);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('works with the agency key and a project: reads the project key, then deletes', async () => {
		const project = env.sim.defaultProject();
		const [charge] = project.charges.items;

		const { items, error } = await env.run(
			{
				resource: 'charge',
				operation: 'delete',
				authentication: 'agencyKey',
				projectId: byId(project.id),
				chargeId: byId(charge.id),
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, id: charge.id }, pairedItem: { item: 0 } }]);
		const [keyRequest, deleteRequest] = env.sim.requests;
		expect(keyRequest.path).toBe(`/agency/projects/${project.id}/key`);
		expect(bearerOf(keyRequest)).toBe(env.sim.agencyKey);
		expect(deleteRequest.path).toBe(`/project/charges/${charge.id}`);
		expect(bearerOf(deleteRequest)).toBe(project.key);
		expect(project.charges.get(charge.id)).toBeUndefined();
	});
});
