/**
 * Review → Get Many on a service that ignores what the node asked for (issue 35, defect 4; contract §10
 * "What the answer shows is checked"): the records show score, source, location, tags, the date key's
 * field and the sort key's field, so an ignored filter or order is a clear error, never wrong records.
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

/** The listed reviews (duplicates are left out by default, spec 4.3), oldest first, read from the simulator. */
function listedOldestFirst(): ReviewRecord[] {
	return env.sim
		.defaultProject()
		.reviews.items.filter((r) => !r.is_duplicate)
		.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

const ascending = { sortKey: 'created_at', sortDirection: 'asc' };

describe('review → getAll: an order the service ignores', () => {
	it('Sort Direction ascending on a service that ignores sort_dir: an error naming it, nothing output', async () => {
		addDatedReviews();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: false,
			limit: 50,
			options: ascending,
		});

		expect(items).toHaveLength(0);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/Options → Sort Direction/);
		expect(error?.message).toMatch(/sort_dir=asc/);
		expect(error?.message).toMatch(/ignored/);
		expect(error?.description).toMatch(/Options → Query Parameters/);
		expect((error as NodeApiError).context.itemIndex).toBe(0);
	});

	it('with Continue On Fail the item becomes { error } paired with it; other items go on', async () => {
		addDatedReviews();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run(
			{
				resource: 'review',
				operation: 'getAll',
				returnAll: false,
				limit: 3,
				options: { sortKey: 'created_at', sortDirection: '={{ $json.dir }}' },
			},
			{ input: [{ dir: 'asc' }, { dir: 'desc' }], continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(4);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(Object.keys(items[0].json)).toEqual(['error']);
		expect(items[0].json.error).toMatch(/Options → Sort Direction .*ignored/);
		const newest = listedOldestFirst().reverse().slice(0, 3);
		expect(items.slice(1).map((item) => item.json.id)).toEqual(newest.map((r) => r.id));
		expect(items.slice(1).every((item) => (item.pairedItem as { item: number }).item === 1)).toBe(
			true,
		);
	});

	it('Return All over several pages on that service fails too', async () => {
		const project = env.sim.defaultProject();
		const start = env.sim.now() - 30 * DAY;
		for (let i = 0; i < 250; i++) env.sim.addReview(project.id, { created_at: start + i * 60 });
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			options: ascending,
		});

		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/Options → Sort Direction .*ignored/);
	});

	it('a service that keeps the order asked on the first page only fails the Return All', async () => {
		const project = env.sim.defaultProject();
		const start = env.sim.now() - 30 * DAY;
		for (let i = 0; i < 250; i++) env.sim.addReview(project.id, { created_at: start + i * 60 });
		let lists = 0;
		env.sim.answering = (request) => {
			if (request.path !== '/project/reviews') return;
			// From the second page on, the service forgets the direction (its default is desc).
			if (++lists > 1) delete request.query.sort_dir;
		};

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			options: ascending,
		});

		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/Options → Sort Direction|Options → Sort By/);
	});

	it('where the direction is honoured (every other dialect) the 50 oldest come out, oldest first', async () => {
		addDatedReviews();
		const oldest = listedOldestFirst()
			.slice(0, 50)
			.map((r) => r.id);
		for (const dialect of DIALECTS.filter((d) => d.name !== 'other-names')) {
			env.sim.setDialect(dialect.name);
			const { items, error } = await env.run({
				resource: 'review',
				operation: 'getAll',
				returnAll: false,
				limit: 50,
				options: ascending,
			});
			expect({ dialect: dialect.name, error }).toEqual({ dialect: dialect.name, error: undefined });
			expect(items.map((item) => item.json.id)).toEqual(oldest);
		}
	});

	it("on that service the direction under the service's own name (Query Parameters) gives the 50 oldest", async () => {
		addDatedReviews();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: false,
			limit: 50,
			options: { ...ascending, queryParameters: { parameter: [{ name: 'order', value: 'asc' }] } },
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(
			listedOldestFirst()
				.slice(0, 50)
				.map((r) => r.id),
		);
	});

	it('sorting by score or replied_at (some reviews never replied) is right and raises nothing', async () => {
		addDatedReviews();
		for (const options of [
			{ sortKey: 'score', sortDirection: 'asc' },
			{ sortKey: 'score', sortDirection: 'desc' },
			{ sortKey: 'replied_at', sortDirection: 'asc' },
			{ sortKey: 'replied_at' },
			{ sortKey: 'id', sortDirection: 'desc' },
		]) {
			const { items, error } = await env.run({
				resource: 'review',
				operation: 'getAll',
				returnAll: true,
				options,
			});
			expect({ options, error }).toEqual({ options, error: undefined });
			expect(items.length).toBe(listedOldestFirst().length);
		}
	});
});
