/**
 * Customer → Get Many on a service that ignores what the node asked for (issue 35, defect 4; contract
 * §10): a customer shows its email and the sort key's field, so an ignored email filter or sort
 * direction is a clear error, never the wrong customers.
 */
import { NodeApiError } from 'n8n-workflow';

import { useSimulator } from '../../harness/simulator-env';
import { DIALECTS } from '../../simulator/dialect';

const env = useSimulator();

/** Customers whose names sort differently with and without case (a service may collate either way). */
const NAMES = ['adam', 'Zed', 'bob', 'Yvonne', 'carl', 'Xavier', 'dora', 'Walt', 'eve', 'Uma'];

function addCustomers(): void {
	const project = env.sim.defaultProject();
	NAMES.forEach((first_name, i) =>
		env.sim.addCustomer(project.id, { first_name, last_name: 'Test', email: `c${i}@example.com` }),
	);
}

describe('customer → getAll: a filter or an order the service ignores', () => {
	it('Filters → Email on a service that ignores its name: an error naming it, no customer output', async () => {
		addCustomers();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			filters: { email: 'alice@example.com' },
		});

		expect(items).toHaveLength(0);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toContain('Filters → Email');
		expect(error?.message).toContain('email=alice@example.com');
		expect(error?.message).toMatch(/ignored/);
		expect(error?.description).toMatch(/Options → Query Parameters/);
	});

	it('Continue On Fail: { error } paired with the item', async () => {
		addCustomers();
		env.sim.setDialect('other-names');

		const { items } = await env.run(
			{
				resource: 'customer',
				operation: 'getAll',
				returnAll: true,
				filters: { email: 'alice@example.com' },
			},
			{ continueOnFail: true },
		);

		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.error).toMatch(/Filters → Email .*ignored/);
	});

	it('Sort Direction ascending on a service that ignores sort_dir: an error naming it', async () => {
		addCustomers();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			options: { sortKey: 'id', sortDirection: 'asc' },
		});

		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/Options → Sort Direction \(sent as sort_dir=asc\).*ignored/);
	});

	it("the service's own name for the email filter (Query Parameters): that customer, no error", async () => {
		addCustomers();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			filters: { email: 'Alice@Example.com' },
			options: {
				queryParameters: { parameter: [{ name: 'email_address', value: 'alice@example.com' }] },
			},
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.email)).toEqual(['alice@example.com']);
	});

	it('every dialect that honours the names: email and a sort by name (case-sensitive collation) right', async () => {
		addCustomers();
		for (const dialect of DIALECTS.filter((d) => d.name !== 'other-names')) {
			env.sim.setDialect(dialect.name);
			for (const sortDirection of ['asc', 'desc']) {
				const sorted = await env.run({
					resource: 'customer',
					operation: 'getAll',
					returnAll: true,
					options: { sortKey: 'name', sortDirection },
				});
				const at = { dialect: dialect.name, sortDirection };
				expect({ ...at, error: sorted.error }).toEqual({ ...at, error: undefined });
				expect(sorted.items).toHaveLength(NAMES.length + 2);
			}
			const { items, error } = await env.run({
				resource: 'customer',
				operation: 'getAll',
				returnAll: true,
				filters: { email: 'BOB@example.com' },
			});
			expect({ dialect: dialect.name, error }).toEqual({ dialect: dialect.name, error: undefined });
			expect(items.map((item) => item.json.email)).toEqual(['bob@example.com']);
		}
	});
});
