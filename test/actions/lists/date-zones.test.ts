/**
 * Date From / Date To on a service that counts its days in its own time zone (the spec gives none; edge
 * dialects `days-utc+14` and `days-utc-12`, test/simulator/dialect.ts): the records of the first and
 * last second of its days come back, and the node outputs them. The answer check
 * (helpers/answer-checks.ts) must not call that an ignored filter (issue 42, item 5).
 */
import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();
const HOUR = 3600;
const DAY = 86400;

/** 2025-01-10 to 2025-01-12 as a service `zone` hours east of UTC counts them: its first and last second. */
function serviceDays(zone: number): { first: number; last: number } {
	const first = Date.UTC(2025, 0, 10) / 1000 - zone * HOUR;
	return { first, last: first + 3 * DAY - 1 };
}

const filters = { dateKey: 'created_at', dateFrom: '2025-01-10', dateTo: '2025-01-12' };

describe.each([
	['days-utc+14', 14],
	['days-utc-12', -12],
])('Get Many on a service counting days in its own time zone (%s)', (dialect, zone) => {
	beforeEach(() => env.sim.setDialect(dialect));

	it('reviews: those of its first and last second, no error', async () => {
		const project = env.sim.defaultProject();
		const { first, last } = serviceDays(zone);
		const inside = [
			env.sim.addReview(project.id, { created_at: first }),
			env.sim.addReview(project.id, { created_at: last }),
		];
		env.sim.addReview(project.id, { created_at: first - 1 });
		env.sim.addReview(project.id, { created_at: last + 1 });

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id).sort()).toEqual(inside.map((r) => r.id).sort());
	});

	it('customers and messages: those of its first and last second, no error', async () => {
		const project = env.sim.defaultProject();
		const { first, last } = serviceDays(zone);
		const customers = [first, last].map((at) =>
			env.sim.addCustomer(project.id, { created_at: at }),
		);
		const messages = [first, last].map((at) =>
			env.sim.addMessage(project.id, { customer_id: customers[0].id, created_at: at }),
		);

		for (const [resource, wanted] of [
			['customer', customers],
			['message', messages],
		] as const) {
			const { items, error } = await env.run({
				resource,
				operation: 'getAll',
				returnAll: true,
				filters,
			});
			expect({ resource, error }).toEqual({ resource, error: undefined });
			expect(items.map((item) => item.json.id).sort()).toEqual(wanted.map((r) => r.id).sort());
		}
	});

	it('charges (charged_at as ISO 8601): those of its first and last second, no error', async () => {
		const project = env.sim.defaultProject();
		const { first, last } = serviceDays(zone);
		const inside = [first, last].map((at) => env.sim.addCharge(project.id, { charged_at: at }));
		env.sim.addCharge(project.id, { charged_at: last + 1 });

		const { items, error } = await env.run({
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
			filters: { dateFrom: filters.dateFrom, dateTo: filters.dateTo },
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id).sort()).toEqual(inside.map((c) => c.id).sort());
	});
});
