/**
 * Customer and message Get Many with Options → Sort By on a service that names its sort field otherwise
 * (edge dialect `sort-by`: `sort_key` is ignored, the service's own order comes back): the spec names
 * `sort_key` for reviews only. The records show the sort key's field, so the node fails the item
 * rather than output an unsorted list as if sorted (helpers/answer-checks.ts; issue 42, item 5).
 */
import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();
const HOUR = 3600;

/** Customers created in an order that is neither their name order nor its reverse. */
const NAMES = ['dora', 'adam', 'eve', 'bob', 'carl'];

function addCustomers(): void {
	const project = env.sim.defaultProject();
	const start = env.sim.now() - 10 * HOUR;
	NAMES.forEach((first_name, i) =>
		env.sim.addCustomer(project.id, {
			first_name,
			last_name: 'Test',
			email: `s${i}@example.com`,
			created_at: start + i * HOUR,
		}),
	);
}

/** Sent messages created in an order that is neither their sent_at order nor its reverse. */
function addMessages(): void {
	const project = env.sim.defaultProject();
	const customer = env.sim.addCustomer(project.id, { email: 'm@example.com' });
	const start = env.sim.now() - 10 * HOUR;
	[4, 1, 5, 2, 3].forEach((sent, i) => {
		const message = env.sim.addMessage(project.id, {
			customer_id: customer.id,
			created_at: start + i * HOUR,
			status: 'sent',
		});
		message.sent_at = start + sent * HOUR;
	});
}

describe.each([
	['customer', addCustomers, 'name'],
	['message', addMessages, 'sent_at'],
] as const)('%s → getAll: a sort key the service ignores', (resource, addRecords, sortKey) => {
	beforeEach(() => env.sim.setDialect('sort-by'));

	it.each([['asc'], ['desc'], [undefined]])(
		'Sort By with direction %s: an error naming Sort By, nothing output',
		async (sortDirection) => {
			addRecords();

			const { items, error } = await env.run({
				resource,
				operation: 'getAll',
				returnAll: true,
				options: sortDirection ? { sortKey, sortDirection } : { sortKey },
			});

			expect(env.requests('GET').at(-1)?.query.sort_key).toBe(sortKey);
			expect(items).toHaveLength(0);
			expect(error?.message).toContain(
				`Options → Sort By (sent as sort_key=${sortKey}) was ignored by the service`,
			);
			expect(error?.description).toMatch(/Options → Query Parameters/);
		},
	);

	it("the service's own name (Query Parameters sort_by): sorted, no error", async () => {
		addRecords();

		const { items, error } = await env.run({
			resource,
			operation: 'getAll',
			returnAll: true,
			options: {
				sortKey,
				sortDirection: 'asc',
				queryParameters: { parameter: [{ name: 'sort_by', value: sortKey }] },
			},
		});

		expect(error).toBeUndefined();
		const keys = items
			.map((item) => item.json[sortKey])
			.filter((value) => value !== null && value !== undefined);
		expect(keys.length).toBeGreaterThanOrEqual(NAMES.length);
		// The simulator collates case-sensitively (code units), as a binary collation does.
		const sorted = [...keys].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
		expect(keys).toEqual(sorted);
	});
});
