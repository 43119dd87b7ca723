import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const paired = (item: { pairedItem?: unknown }) => (item.pairedItem as { item: number }).item;

describe('customer → get', () => {
	it('reads one customer with its location and tags', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'get',
			customerId: byId(1),
		});

		expect(error).toBeUndefined();
		const requests = env.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/project/customers/1' });
		expect(bearerOf(requests[0])).toBe(project.key);
		expect(items).toHaveLength(1);
		expect(paired(items[0])).toBe(0);
		expect(items[0].json).toEqual(env.sim.toJson('customer', 1));
		expect(items[0].json).toMatchObject({
			email: 'alice@example.com',
			location: { slug: 'downtown' },
		});
	});

	it('reads the customer of each input item (list-mode locator value too)', async () => {
		const { items } = await env.run(
			{
				resource: 'customer',
				operation: 'get',
				customerId: { __rl: true, mode: 'list', value: '={{ $json.id }}' },
			},
			{ input: [{ id: 2 }, { id: 3 }] },
		);

		expect(env.requests().map((r) => r.path)).toEqual([
			'/project/customers/2',
			'/project/customers/3',
		]);
		expect(items.map((item) => [item.json.first_name, paired(item)])).toEqual([
			['Bob', 0],
			['Carol', 1],
		]);
	});

	it('reports an unknown id as a 404 naming the customer', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'get',
			customerId: byId(999),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Customer 999 not found.');
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});

	// An expression gets past the editor's own check of the ID field; the node checks the value itself.
	it.each([['abc'], [0], [-4], [''], [1.5]])(
		'rejects the customer ID %j before sending anything',
		async (value) => {
			const { error } = await env.run(
				{ resource: 'customer', operation: 'get', customerId: byId('={{ $json.id }}') },
				{ input: [{ id: value }] },
			);

			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toMatch(/Invalid Customer in item 0: must be an ID/);
			expect(env.sim.requests).toHaveLength(0);
		},
	);
});

describe('customer → delete', () => {
	it('deletes the customer and outputs { deleted: true }', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'delete',
			customerId: byId(2),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({ method: 'DELETE', path: '/project/customers/2', status: 200 });
		expect(bearerOf(request)).toBe(project.key);
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: 2 }]);
		expect(paired(items[0])).toBe(0);
		expect(project.customers.get(2)).toBeUndefined();
		expect(project.customers.get(1)).toBeDefined();
	});

	it('reports an unknown id as a 404 and deletes nothing', async () => {
		const before = env.sim.defaultProject().customers.items.length;

		const { error } = await env.run({
			resource: 'customer',
			operation: 'delete',
			customerId: byId(4242),
		});

		expect(error?.message).toBe('The service answered 404: Customer 4242 not found.');
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(env.sim.defaultProject().customers.items).toHaveLength(before);
	});

	it('rejects a non-numeric ID before sending anything', async () => {
		const { error } = await env.run(
			{ resource: 'customer', operation: 'delete', customerId: byId('={{ $json.id }}') },
			{ input: [{ id: '2x' }] },
		);

		expect(error?.message).toMatch(/Invalid Customer in item 0/);
		expect(env.sim.requests).toHaveLength(0);
	});
});
