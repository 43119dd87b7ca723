/**
 * Review → Get Many on a service that ignores a filter the node sent (issue 35, defect 4; contract §10):
 * the records show score, source, location, tags and the date key's field, so an ignored filter is a
 * clear error, never wrong records. The order: ./answer-checks.test.ts.
 */
import { NodeApiError } from 'n8n-workflow';

import { useSimulator } from '../../harness/simulator-env';
import { DIALECTS } from '../../simulator/dialect';
import type { ReviewRecord } from '../../simulator/state';

const env = useSimulator();
const HOUR = 3600;
const DAY = 86400;

/** 60 reviews an hour apart, 30 days ago and on (older than the seeded ones), scores 1 to 5 in turn. */
function addDatedReviews(): void {
	const project = env.sim.defaultProject();
	const start = env.sim.now() - 30 * DAY;
	for (let i = 0; i < 60; i++)
		env.sim.addReview(project.id, { score: (i % 5) + 1, created_at: start + i * HOUR });
}

const ascending = { sortKey: 'created_at', sortDirection: 'asc' };

/** The listed reviews (duplicates are left out by default, spec 4.3), oldest first, read from the simulator. */
function listedOldestFirst(): ReviewRecord[] {
	return env.sim
		.defaultProject()
		.reviews.items.filter((r) => !r.is_duplicate)
		.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

describe('review → getAll: a filter the service ignores', () => {
	it.each([
		['Score', { score: '5' }, 'score=5'],
		['Source', { source: 'google' }, 'source=google'],
		['Location', { location: 'downtown' }, 'location=downtown'],
		['Tag', { tag: 'great-service' }, 'tag=great-service'],
	])(
		'Filters → %s on a service that ignores its name: an error naming it, no record output',
		async (label, filters, sent) => {
			addDatedReviews();
			env.sim.setDialect('other-names');

			const { items, error } = await env.run({
				resource: 'review',
				operation: 'getAll',
				returnAll: true,
				filters,
			});

			expect(items).toHaveLength(0);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error?.message).toContain(`Filters → ${label}`);
			expect(error?.message).toContain(sent);
			expect(error?.message).toMatch(/ignored/);
			expect(error?.description).toMatch(/Options → Query Parameters/);
		},
	);

	it('Continue On Fail: { error } for the item whose filter was ignored', async () => {
		addDatedReviews();
		env.sim.setDialect('other-names');

		const { items } = await env.run(
			{ resource: 'review', operation: 'getAll', returnAll: true, filters: { score: '5' } },
			{ continueOnFail: true },
		);

		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.error).toMatch(/Filters → Score .*ignored/);
	});

	it("the service's own name for the filter (Query Parameters) gives only the reviews asked for", async () => {
		addDatedReviews();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters: { score: '5' },
			options: { queryParameters: { parameter: [{ name: 'rating', value: '5' }] } },
		});

		expect(error).toBeUndefined();
		const fives = listedOldestFirst().filter((r) => r.score === 5);
		expect(items.map((item) => item.json.id).sort((a, b) => Number(a) - Number(b))).toEqual(
			fives.map((r) => r.id).sort((a, b) => a - b),
		);
	});

	it('every filter and the order together, on every dialect that honours them: right, no error', async () => {
		addDatedReviews();
		const project = env.sim.defaultProject();
		const google = project.sources.find((s) => s.slug === 'google')!;
		const downtown = project.locations.find((l) => l.slug === 'downtown')!;
		// The source by id, slug or uuid, the location by uuid or slug: the service matches any of them.
		const cases = [
			{ score: '5', source: 'google', location: downtown.uuid, tag: 'great-service' },
			{ score: '5', source: String(google.id), location: 'downtown' },
			{ source: google.uuid, location: String(downtown.id) },
		];
		for (const dialect of DIALECTS.filter((d) => d.name !== 'other-names'))
			for (const filters of cases) {
				env.sim.setDialect(dialect.name);
				const { items, error } = await env.run({
					resource: 'review',
					operation: 'getAll',
					returnAll: true,
					filters,
					options: ascending,
				});
				const at = { dialect: dialect.name, filters };
				expect({ ...at, error }).toEqual({ ...at, error: undefined });
				expect(items.length).toBeGreaterThan(0);
				for (const { json } of items) {
					expect(json.source).toMatchObject({ id: google.id });
					if (filters.score) expect(json.score).toBe(5);
				}
			}
	});
});

describe('review → getAll: a date range the service ignores', () => {
	it('records outside Date From..Date To: an error naming the date filter, nothing output', async () => {
		addDatedReviews();
		const day = new Date((env.sim.now() - 30 * DAY) * 1000).toISOString().slice(0, 10);
		env.sim.answering = (request) => {
			if (request.path !== '/project/reviews') return;
			delete request.query.date_from;
			delete request.query.date_to;
		};

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters: { dateKey: 'created_at', dateFrom: day, dateTo: day },
		});

		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/Filters → Date From/);
		expect(error?.message).toMatch(/date_from/);
		expect(error?.message).toMatch(/ignored/);
	});

	it('a range the service applies, with records on its first and last second: no error', async () => {
		const project = env.sim.defaultProject();
		const from = Date.UTC(2025, 0, 10) / 1000;
		const to = Date.UTC(2025, 0, 12) / 1000 + DAY - 1;
		env.sim.addReview(project.id, { created_at: from, score: 1 });
		env.sim.addReview(project.id, { created_at: to, score: 2 });
		env.sim.addReview(project.id, { created_at: from - 1, score: 3 });

		const { items, error } = await env.run(
			{
				resource: 'review',
				operation: 'getAll',
				returnAll: true,
				filters: { dateKey: 'created_at', dateFrom: '2025-01-10', dateTo: '2025-01-12' },
			},
			{ timezone: 'Pacific/Kiritimati' },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.score).sort()).toEqual([1, 2]);
	});
});
