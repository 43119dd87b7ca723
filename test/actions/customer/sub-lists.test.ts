import { NodeOperationError } from 'n8n-workflow';

import { byId, bearerOf, useSimulator } from '../../harness/simulator-env';
import { expectReturnAllPages } from '../../harness/page-plan';

const env = useSimulator();

const paired = (item: { pairedItem?: unknown }) => (item.pairedItem as { item: number }).item;

type Kind = 'charges' | 'messages' | 'reviews';

/** Adds `count` records of the kind to customer 2 (Bob); returns the ids of all of Bob's records of it. */
function addFor(kind: Kind, count: number): number[] {
	const project = env.sim.defaultProject();
	if (kind === 'charges') {
		for (let i = 0; i < count; i++)
			env.sim.addCharge(project.id, { customer_id: 2, amount: 100 + i });
		return project.charges.items.filter((c) => c.customer_id === 2).map((c) => c.id);
	}
	if (kind === 'messages') {
		env.sim.addMessages(project.id, count, { customer_id: 2 });
		return project.messages.items.filter((m) => m.customer_id === 2).map((m) => m.id);
	}
	env.sim.addReviews(project.id, count, { customer_id: 2 });
	// The review list leaves duplicates out, as the spec says (none of Bob's are).
	return project.reviews.items
		.filter((r) => r.customer_id === 2 && !r.is_duplicate)
		.map((r) => r.id);
}

describe.each([
	['getCharges', 'charges'],
	['getMessages', 'messages'],
	['getReviews', 'reviews'],
] as Array<[string, Kind]>)('customer → %s', (operation, kind) => {
	it(`follows every page of GET /project/customers/{id}/${kind} with Return All`, async () => {
		const project = env.sim.defaultProject();
		const expected = addFor(kind, 120);

		const { items, error } = await env.run({
			resource: 'customer',
			operation,
			customerId: byId(2),
			returnAll: true,
		});

		expect(error).toBeUndefined();
		const requests = env.requests('GET');
		expect(requests.every((r) => r.path === `/project/customers/2/${kind}`)).toBe(true);
		expectReturnAllPages(requests, items.length);
		expect(requests.every((r) => bearerOf(r) === project.key)).toBe(true);
		expect(items.map((item) => item.json.id).sort((a, b) => Number(a) - Number(b))).toEqual(
			[...expected].sort((a, b) => a - b),
		);
		expect(items.every((item) => paired(item) === 0)).toBe(true);
		const singular = kind === 'charges' ? 'charge' : kind === 'messages' ? 'message' : 'review';
		expect(items[0].json).toEqual(env.sim.toJson(singular, items[0].json.id as number));
	});

	it('stops requesting once the Limit is reached', async () => {
		addFor(kind, 40);

		const { items } = await env.run({
			resource: 'customer',
			operation,
			customerId: byId(2),
			returnAll: false,
			limit: 3,
		});

		expect(items).toHaveLength(3);
		const requests = env.requests('GET');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({ page: '1', per_page: '3' });
	});

	it('outputs nothing for a customer without records', async () => {
		const project = env.sim.defaultProject();
		const lonely = env.sim.addCustomer(project.id, { first_name: 'Lonely' });

		const { items, error } = await env.run({
			resource: 'customer',
			operation,
			customerId: byId(lonely.id),
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(env.requests()).toHaveLength(1);
	});

	it('reports an unknown customer as a 404', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation,
			customerId: byId(9090),
			returnAll: true,
		});

		expect(error?.message).toBe('The service answered 404: Customer 9090 not found.');
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('rejects a bad customer ID before sending anything', async () => {
		const { error } = await env.run(
			{ resource: 'customer', operation, customerId: byId('={{ $json.id }}'), returnAll: true },
			{ input: [{ id: 'x1' }] },
		);

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/Invalid Customer in item 0/);
		expect(env.sim.requests).toHaveLength(0);
	});
});

describe('Query Parameters on the customer sub-lists (contract §7)', () => {
	it.each(['getCharges', 'getMessages', 'getReviews'])(
		'%s sends Options → Query Parameters as they are',
		async (operation) => {
			const customer = env.sim.defaultProject().customers.items[0];
			const { error } = await env.run({
				resource: 'customer',
				operation,
				customerId: byId(customer.id),
				returnAll: false,
				limit: 5,
				options: { queryParameters: { parameter: [{ name: 'trace', value: 'n8n' }] } },
			});
			expect(error).toBeUndefined();
			const [request] = env.requests('GET', `/project/customers/${customer.id}/`);
			expect(request.query).toMatchObject({ trace: 'n8n', page: '1', per_page: '5' });
		},
	);
});
