import { byId, bearerOf, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const paired = (item: { pairedItem?: unknown }) => (item.pairedItem as { item: number }).item;

/** The five PUT actions without a body; each answers no data, so the node outputs { success: true, id }. */
describe.each([
	[
		'archive',
		'archive',
		1,
		(c: Cust) => c.archived_at !== null,
		(c: Cust) => c.archived_at === null,
	],
	[
		'unarchive',
		'unarchive',
		3,
		(c: Cust) => c.archived_at === null,
		(c: Cust) => c.archived_at !== null,
	],
	[
		'unsubscribe',
		'unsubscribe',
		2,
		(c: Cust) => c.unsubscribed_at !== null,
		(c: Cust) => c.unsubscribed_at === null,
	],
])('customer → %s', (operation, action, customerId, changed, unchanged) => {
	it(`sends PUT /project/customers/{id}/${action} and changes the customer`, async () => {
		const project = env.sim.defaultProject();
		expect(unchanged(project.customers.get(customerId)!)).toBe(true);

		const { items, error } = await env.run({
			resource: 'customer',
			operation,
			customerId: byId(customerId),
		});

		expect(error).toBeUndefined();
		const requests = env.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'PUT',
			path: `/project/customers/${customerId}/${action}`,
			status: 200,
		});
		expect(bearerOf(requests[0])).toBe(project.key);
		expect(items.map((item) => item.json)).toEqual([{ success: true, id: customerId }]);
		expect(paired(items[0])).toBe(0);
		expect(changed(project.customers.get(customerId)!)).toBe(true);
	});

	it('reports an unknown id as a 404', async () => {
		const { error } = await env.run({ resource: 'customer', operation, customerId: byId(777) });

		expect(error?.message).toBe('The service answered 404: Customer 777 not found.');
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
});

type Cust = { archived_at: number | null; unsubscribed_at: number | null };

describe('customer → resubscribe', () => {
	it('clears unsubscribed_at of an unsubscribed customer', async () => {
		const project = env.sim.defaultProject();
		const customer = env.sim.addCustomer(project.id, {
			first_name: 'Una',
			unsubscribed_at: 1_700_000_000,
		});

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'resubscribe',
			customerId: byId(customer.id),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/project/customers/${customer.id}/resubscribe`,
		});
		expect(bearerOf(request)).toBe(project.key);
		expect(items.map((item) => item.json)).toEqual([{ success: true, id: customer.id }]);
		expect(project.customers.get(customer.id)?.unsubscribed_at).toBeNull();
	});

	it('reports an unknown id as a 404', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'resubscribe',
			customerId: byId(778),
		});

		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('rejects a bad ID before sending anything', async () => {
		const { error } = await env.run(
			{ resource: 'customer', operation: 'resubscribe', customerId: byId('={{ $json.id }}') },
			{ input: [{ id: 'seven' }] },
		);

		expect(error?.message).toMatch(/Invalid Customer in item 0: must be an ID/);
		expect(env.sim.requests).toHaveLength(0);
	});
});

describe('customer → cancelUnsentMessages', () => {
	it("cancels only the customer's unsent messages", async () => {
		const project = env.sim.defaultProject();
		const unsent = project.messages.items.filter((m) => m.customer_id === 1 && m.sent_at === null);
		const others = project.messages.items.filter((m) => m.customer_id !== 1);
		expect(unsent.length).toBeGreaterThan(0);
		expect(others.length).toBeGreaterThan(0);

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'cancelUnsentMessages',
			customerId: byId(1),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: '/project/customers/1/cancel-unsent-messages',
			status: 200,
		});
		expect(bearerOf(request)).toBe(project.key);
		expect(items.map((item) => item.json)).toEqual([{ success: true, id: 1 }]);
		expect(unsent.every((m) => project.messages.get(m.id)?.canceled_at !== null)).toBe(true);
		expect(others.every((m) => project.messages.get(m.id)?.canceled_at === null)).toBe(true);
	});

	it('reports an unknown id as a 404', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'cancelUnsentMessages',
			customerId: byId(779),
		});

		expect(error?.message).toBe('The service answered 404: Customer 779 not found.');
	});
});
