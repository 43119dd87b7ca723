import { useSimulator } from '../../harness/simulator-env';
import { idsOf, pollerFor } from '../../harness/trigger-pollers';
import { defaultRegistry } from '../../harness/registry';

/**
 * The Source filter of review Get Many and of the trigger's review events is a "From list" picker
 * (the project's sources, as on Create and Set Source). Workflows saved when it was a text field hold
 * a plain string: both forms filter by the same source, and an untouched picker filters nothing.
 */
const env = useSimulator();

const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
const bySlug = (value: string) => ({ __rl: true, mode: 'slug', value });

describe('review → getAll: the Source filter', () => {
	it.each([
		['From List', fromList('facebook')],
		['By Slug', bySlug('facebook')],
		['a plain string of a saved workflow', 'facebook'],
	])('with %s sends source=facebook and returns only those reviews', async (_form, source) => {
		const project = env.sim.defaultProject();
		const mine = env.sim.addReview(project.id, { source_slug: 'facebook', review: 'via picker' });
		env.sim.addReview(project.id, { source_slug: 'google' });

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters: { source },
		});

		expect(error).toBeUndefined();
		expect(env.requests('GET', '/project/reviews').map((r) => r.query.source)).toEqual([
			'facebook',
		]);
		expect(items.map((item) => item.json.id)).toContain(mine.id);
		expect(items.every((item) => (item.json.source as { slug: string }).slug === 'facebook')).toBe(
			true,
		);
	});

	it('with an untouched picker sends no source', async () => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters: { source: fromList('') },
		});

		expect(error).toBeUndefined();
		expect(env.requests('GET', '/project/reviews')[0].query).not.toHaveProperty('source');
	});
});

describe('review → getAll: a Source that names nothing', () => {
	// Spec §1: "A slug that names a location, source or tag that does not exist returns 404", as a
	// body naming it does (Create Review with that source_slug).
	it.each([
		['a deleted source', 'facebook', true],
		['a source that never existed', 'no-such-source', false],
	])('with %s fails the item with the 404, as Create does', async (_what, slug, deleteIt) => {
		const project = env.sim.defaultProject();
		env.sim.addReview(project.id, { source_slug: 'facebook' });
		if (deleteIt) {
			const source = project.sources.find((s) => s.slug === slug)!;
			const deleted = await env.run({
				resource: 'source',
				operation: 'delete',
				sourceId: { __rl: true, mode: 'id', value: String(source.id) },
			});
			expect(deleted.error).toBeUndefined();
		}

		const listed = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters: { source: bySlug(slug) },
		});
		const created = await env.run({
			resource: 'review',
			operation: 'create',
			score: 5,
			additionalFields: { firstName: 'Ann', sourceSlug: bySlug(slug) },
		});

		expect(env.requests('GET', '/project/reviews').map((r) => r.query.source)).toEqual([slug]);
		expect(listed.items).toEqual([]);
		expect((listed.error as { httpCode?: string }).httpCode).toBe('404');
		expect(env.requests('POST', '/project/reviews')).toHaveLength(1);
		expect((created.error as { httpCode?: string }).httpCode).toBe('404');
	});
});

describe('trigger → New Review: the Source filter', () => {
	it.each([
		['From List', fromList('facebook')],
		['a plain string of a saved workflow', 'facebook'],
	])('with %s fires only reviews from that source', async (_form, source) => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview', { filters: { source } });
		await poller.poll();
		const match = env.sim.addReview(project.id, { source_slug: 'facebook' });
		env.sim.addReview(project.id, { source_slug: 'google' });

		expect(idsOf(await poller.poll())).toEqual([match.id]);
	});
});

describe('the Source filter in the editor', () => {
	it.each(['reviewCollection', 'reviewCollectionTrigger'])(
		'%s offers it as a picker searching the project’s sources',
		(type) => {
			const description = defaultRegistry().nodeTypes.getByNameAndVersion(type, 1).description;
			const filters = description.properties.filter((property) => property.name === 'filters');
			const sources = filters.flatMap((collection) =>
				(collection.options ?? []).filter((option) => 'name' in option && option.name === 'source'),
			) as Array<{ type: string; modes?: Array<{ typeOptions?: { searchListMethod?: string } }> }>;

			expect(sources.length).toBeGreaterThan(0);
			for (const source of sources) {
				expect(source.type).toBe('resourceLocator');
				expect(source.modes?.[0].typeOptions?.searchListMethod).toBe('searchSourceSlugs');
			}
		},
	);
});
