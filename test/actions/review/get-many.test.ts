import { NodeOperationError } from 'n8n-workflow';

import { bearerOf, useSimulator } from '../../harness/simulator-env';
import { expectReturnAllPages } from '../../harness/page-plan';

const env = useSimulator();

describe('review → getAll through the engine', () => {
	it('follows every page with Return All, 100 per page, signed with the project key', async () => {
		const project = env.sim.defaultProject();
		const seeded = project.reviews.items.filter((r) => !r.is_duplicate).length;
		env.sim.addReviews(project.id, 245, { score: 4 });

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(245 + seeded);
		const requests = env.requests('GET', '/project/reviews');
		expectReturnAllPages(requests, items.length);
		expect(requests.every((r) => bearerOf(r) === project.key)).toBe(true);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(items.length);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('pairs every record with the input item that listed it, one item after another', async () => {
		env.sim.addReviews(env.sim.defaultProject().id, 5);

		const { items, error } = await env.run(
			{ resource: 'review', operation: 'getAll', returnAll: false, limit: '={{ $json.n }}' },
			{ input: [{ n: 2 }, { n: 3 }] },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 1 },
		]);
		// Each output item is an object of its own (none shared between input items).
		expect(new Set(items).size).toBe(5);
	});

	it('stops requesting once the Limit is reached', async () => {
		env.sim.addReviews(env.sim.defaultProject().id, 300);

		const { items } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: false,
			limit: 7,
		});

		expect(items).toHaveLength(7);
		const requests = env.requests('GET', '/project/reviews');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({ page: '1', per_page: '7' });
	});

	it('sends filters, sort and extra query parameters, and returns what they select', async () => {
		const project = env.sim.defaultProject();
		env.sim.addReview(project.id, { score: 1, source_slug: 'facebook', review: 'cold coffee' });

		const { items } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters: {
				dateKey: 'created_at',
				dateFrom: '2000-01-01T00:00:00',
				dateTo: '2100-12-31',
				score: '1',
				source: 'facebook',
			},
			options: {
				sortKey: 'id',
				sortDirection: 'asc',
				queryParameters: { parameter: [{ name: 'facet', value: 'all' }] },
			},
		});

		const [request] = env.requests('GET', '/project/reviews');
		expect(request.query).toMatchObject({
			date_key: 'created_at',
			date_from: '2000-01-01',
			date_to: '2100-12-31',
			score: '1',
			source: 'facebook',
			sort_key: 'id',
			sort_dir: 'asc',
			facet: 'all',
		});
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((item) => item.json.score === 1)).toBe(true);
		expect(items.map((item) => item.json.review)).toContain('cold coffee');
	});

	it.each([
		[
			{ dateFrom: '2026-02-10', dateTo: '2026-02-01' },
			/Date To in item 0: must not be before Date From/,
		],
		[{ dateFrom: '10/02/2026' }, /Date From in item 0: must be a date as YYYY-MM-DD/],
		[{ dateTo: '2026-02-30' }, /Date To in item 0: must be a date as YYYY-MM-DD/],
	])('rejects bad date filters %j before sending anything', async (filters, message) => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters,
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('surfaces a 422 of the API with its field messages and code', async () => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			options: { queryParameters: { parameter: [{ name: 'sort_dir', value: 'sideways' }] } },
		});

		expect(error?.message).toMatch(/^The service answered 422: /);
		expect(error?.description).toMatch(/sort_dir/);
		expect((error as { httpCode?: string }).httpCode).toBe('422');
	});

	it('says which credential to check when the key is wrong', async () => {
		const { error } = await env.run(
			{ resource: 'review', operation: 'getAll', returnAll: true },
			{ credentials: env.projectCredentials('rcs_proj_wrong') },
		);

		expect(error?.message).toBe('The service answered 401: Unauthenticated.');
		expect(error?.description).toMatch(/Review Collection Project API/);
		expect(JSON.stringify(error)).not.toContain('rcs_proj_wrong');
	});
});
