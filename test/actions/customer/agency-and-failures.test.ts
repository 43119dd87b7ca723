import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const paired = (item: { pairedItem?: unknown }) => (item.pairedItem as { item: number }).item;

describe('customer operations with the agency key', () => {
	it("reads the project's key once for several items and signs the project requests with it", async () => {
		const other = env.sim.createProject('Second Shop');
		const customers = ['Ann', 'Ben', 'Cid'].map((first_name) =>
			env.sim.addCustomer(other.id, { first_name }),
		);
		const defaultProject = env.sim.defaultProject();

		const { items, error } = await env.run(
			{
				resource: 'customer',
				operation: 'archive',
				authentication: 'agencyKey',
				projectId: byId(other.id),
				customerId: byId('={{ $json.id }}'),
			},
			{ input: customers.map((c) => ({ id: c.id })), credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		const keyReads = env.requests('GET', '/agency/projects');
		expect(keyReads).toHaveLength(1);
		expect(keyReads[0].path).toBe(`/agency/projects/${other.id}/key`);
		expect(bearerOf(keyReads[0])).toBe(env.sim.agencyKey);
		const projectRequests = env.requests('PUT', '/project/customers');
		expect(projectRequests.map((r) => r.path)).toEqual(
			customers.map((c) => `/project/customers/${c.id}/archive`),
		);
		expect(projectRequests.every((r) => bearerOf(r) === other.key)).toBe(true);
		expect(env.sim.requests).toHaveLength(4);
		expect(items.map((item) => [item.json, paired(item)])).toEqual([
			[{ success: true, id: customers[0].id }, 0],
			[{ success: true, id: customers[1].id }, 1],
			[{ success: true, id: customers[2].id }, 2],
		]);
		expect(customers.every((c) => other.customers.get(c.id)?.archived_at !== null)).toBe(true);
		// The same ids in the default project are untouched.
		expect(
			defaultProject.customers.items.filter((c) => c.archived_at !== null).map((c) => c.first_name),
		).toEqual(['Carol']);
		expect(JSON.stringify(items)).not.toContain(other.key);
	});

	it('lists the customers of the chosen project', async () => {
		const other = env.sim.createProject('Second Shop');
		env.sim.addCustomer(other.id, { first_name: 'Ann', email: 'ann@second.example' });

		const { items, error } = await env.run(
			{
				resource: 'customer',
				operation: 'getAll',
				authentication: 'agencyKey',
				projectId: byId(other.id),
				returnAll: true,
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.email)).toEqual(['ann@second.example']);
		expect(bearerOf(env.requests('GET', '/project/customers')[0])).toBe(other.key);
	});

	it('reports an unknown project and sends no project request', async () => {
		const { error } = await env.run(
			{
				resource: 'customer',
				operation: 'get',
				authentication: 'agencyKey',
				projectId: byId(9999),
				customerId: byId(1),
			},
			{ credentials: env.agencyCredentials() },
		);

		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(env.requests(undefined, '/project')).toHaveLength(0);
	});
});

describe('customer operations with continueOnFail', () => {
	it('outputs { error } for the failing middle item and goes on with the others', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run(
			{
				resource: 'customer',
				operation: 'setNotes',
				customerId: byId('={{ $json.id }}'),
				notes: '={{ $json.note }}',
			},
			{
				input: [
					{ id: 1, note: 'first' },
					{ id: 999, note: 'lost' },
					{ id: 2, note: 'third' },
				],
				continueOnFail: true,
			},
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items.map(paired)).toEqual([0, 1, 2]);
		expect(items[0].json).toEqual({ success: true, id: 1 });
		expect(items[1].json).toEqual({ error: 'The service answered 404: Customer 999 not found.' });
		expect(items[2].json).toEqual({ success: true, id: 2 });
		expect(env.requests('PUT').map((r) => r.path)).toEqual([
			'/project/customers/1/notes',
			'/project/customers/999/notes',
			'/project/customers/2/notes',
		]);
		expect(project.customers.get(1)?.notes).toBe('first');
		expect(project.customers.get(2)?.notes).toBe('third');
	});

	it('turns a validation failure of one item into { error } without sending it', async () => {
		const { items } = await env.run(
			{ resource: 'customer', operation: 'get', customerId: byId('={{ $json.id }}') },
			{ input: [{ id: 1 }, { id: 'nope' }, { id: 2 }], continueOnFail: true },
		);

		expect(items.map(paired)).toEqual([0, 1, 2]);
		expect(items[1].json.error).toMatch(/Invalid Customer in item 1: must be an ID/);
		expect([items[0].json.first_name, items[2].json.first_name]).toEqual(['Alice', 'Bob']);
		expect(env.requests().map((r) => r.path)).toEqual([
			'/project/customers/1',
			'/project/customers/2',
		]);
	});

	it('stops at the failing item without continueOnFail', async () => {
		const { error } = await env.run(
			{ resource: 'customer', operation: 'unsubscribe', customerId: byId('={{ $json.id }}') },
			{ input: [{ id: 1 }, { id: 999 }, { id: 2 }] },
		);

		expect(error?.message).toBe('The service answered 404: Customer 999 not found.');
		expect(env.requests().map((r) => r.path)).toEqual([
			'/project/customers/1/unsubscribe',
			'/project/customers/999/unsubscribe',
		]);
		expect(env.sim.defaultProject().customers.get(2)?.unsubscribed_at).toBeNull();
	});
});
