import { NodeOperationError } from 'n8n-workflow';

import { bearerOf, useSimulator } from '../../harness/simulator-env';
import { expectReturnAllPages } from '../../harness/page-plan';

const env = useSimulator();

const paired = (item: { pairedItem?: unknown }) => (item.pairedItem as { item: number }).item;

describe('customer → getAll', () => {
	it('follows every page with Return All, 100 per page, signed with the project key', async () => {
		const project = env.sim.defaultProject();
		for (let i = 0; i < 150; i++)
			env.sim.addCustomer(project.id, { first_name: `Bulk${i}`, email: `bulk${i}@example.com` });
		const visible = project.customers.items.filter((c) => c.archived_at === null).length;

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(visible);
		expect(visible).toBe(152); // Alice, Bob and the 150; archived Carol is left out by default
		const requests = env.requests('GET', '/project/customers');
		expectReturnAllPages(requests, items.length);
		expect(requests.every((r) => bearerOf(r) === project.key)).toBe(true);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(items.length);
		expect(items.every((item) => paired(item) === 0)).toBe(true);
		const alice = items.find((item) => item.json.email === 'alice@example.com');
		expect(alice?.json).toMatchObject({ id: 1, first_name: 'Alice', last_name: 'Baker' });
	});

	it('stops requesting once the Limit is reached', async () => {
		const project = env.sim.defaultProject();
		for (let i = 0; i < 30; i++) env.sim.addCustomer(project.id, { first_name: `Bulk${i}` });

		const { items } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: false,
			limit: 4,
		});

		expect(items).toHaveLength(4);
		const requests = env.requests('GET', '/project/customers');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({ page: '1', per_page: '4' });
	});

	it('sends email, facet, search, tag, dates, sort and extra parameters, and returns what they select', async () => {
		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			filters: {
				dateKey: 'created_at',
				dateFrom: '2000-01-01T00:00:00',
				dateTo: '2100-12-31',
				email: 'ALICE@example.com',
				facet: 'all',
				search: 'alice',
				tag: 'vip',
			},
			options: {
				sortKey: 'name',
				sortDirection: 'asc',
				queryParameters: { parameter: [{ name: 'x_extra', value: '1' }] },
			},
		});

		expect(error).toBeUndefined();
		const [request] = env.requests('GET', '/project/customers');
		expect(request.query).toMatchObject({
			date_key: 'created_at',
			date_from: '2000-01-01',
			date_to: '2100-12-31',
			email: 'ALICE@example.com',
			facet: 'all',
			search: 'alice',
			tag: 'vip',
			sort_key: 'name',
			sort_dir: 'asc',
			x_extra: '1',
		});
		expect(items.map((item) => item.json.email)).toEqual(['alice@example.com']);
	});

	it('reaches archived customers through the facet, sorted as asked', async () => {
		const { items } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			filters: { facet: 'archived' },
		});
		expect(items.map((item) => item.json.first_name)).toEqual(['Carol']);

		env.sim.clearLog();
		const sorted = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			filters: { facet: 'all' },
			options: { sortKey: 'id', sortDirection: 'desc' },
		});
		expect(sorted.items.map((item) => item.json.id)).toEqual([3, 2, 1]);
	});

	it.each([
		[
			{ dateFrom: '2026-02-10', dateTo: '2026-02-01' },
			/Date To in item 0: must not be before Date From/,
		],
		[{ dateFrom: '10/02/2026' }, /Date From in item 0: must be a date as YYYY-MM-DD/],
		[{ dateTo: '2026-13-01' }, /Date To in item 0: must be a date as YYYY-MM-DD/],
	])('rejects bad date filters %j before sending anything', async (filters, message) => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			filters,
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('surfaces a 422 of the API (unknown facet) with its field and code', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			filters: { facet: 'nonsense' },
		});

		expect(error?.message).toMatch(/^The service answered 422: /);
		expect(error?.description).toMatch(/facet/);
		expect((error as { httpCode?: string }).httpCode).toBe('422');
	});
});
