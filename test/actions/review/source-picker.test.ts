import type { INodeListSearchResult, INodeParameters } from 'n8n-workflow';

import { runListSearch } from '../../harness';
import { byId, useSimulator } from '../../harness/simulator-env';

/**
 * The source of a review is a "From list" picker (a resource locator). Workflows saved before it was
 * one hold a plain string: both forms must send the same slug.
 */
const env = useSimulator();

const review = (id: number) => env.sim.toJson('review', id) as Record<string, any>;
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
const bySlug = (value: string) => ({ __rl: true, mode: 'slug', value });

describe('review source picker', () => {
	it.each([
		['From List', fromList('facebook')],
		['By Slug', bySlug('facebook')],
		['a plain string of a saved workflow', 'facebook'],
		['an expression in a plain string', '={{ "face" + "book" }}'],
	])('Set Source with %s sends the slug', async (_form, sourceSlug) => {
		const { items, error } = await env.run({
			resource: 'review',
			operation: 'setSource',
			reviewId: byId(1),
			sourceSlug,
		});

		expect(error).toBeUndefined();
		expect(env.requests('PUT').map((r) => [r.path, r.body])).toEqual([
			['/project/reviews/1/source', { source_slug: 'facebook' }],
		]);
		expect(items.map((item) => item.json)).toEqual([{ success: true, id: 1 }]);
		expect(review(1).source.slug).toBe('facebook');
	});

	it('Set Source with an empty picker is refused before sending', async () => {
		await expect(
			env.run({
				resource: 'review',
				operation: 'setSource',
				reviewId: byId(1),
				sourceSlug: fromList(''),
			}),
		).rejects.toThrow(/Parameter "Source" is required/);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('Set Source with an expression that resolves to nothing is refused before sending', async () => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'setSource',
			reviewId: byId(1),
			sourceSlug: '={{ $json.slug }}',
		});

		expect(error?.message).toMatch(/Invalid Source in item 0: is required/);
		expect(env.sim.requests).toHaveLength(0);
	});

	it.each([
		['From List', fromList('facebook')],
		['a plain string of a saved workflow', 'facebook'],
	])('Create with the source as %s sends source_slug', async (_form, sourceSlug) => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'create',
			score: 5,
			additionalFields: { sourceSlug },
		});

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/reviews')[0].body).toEqual({
			score: 5,
			source_slug: 'facebook',
		});
	});

	it('Create with an untouched picker sends no source', async () => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'create',
			score: 5,
			additionalFields: { sourceSlug: fromList('') },
		});

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/reviews')[0].body).toEqual({ score: 5 });
	});
});

/** The "From list" search of the source picker (test/harness/list-search.ts). */
async function listSearch(
	method: string,
	parameters: INodeParameters,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await runListSearch({
		method,
		parameters,
		filter,
		credentials: env.projectCredentials(),
		parameterPath: 'parameters.sourceSlug',
	});
}

describe('source picker "From list"', () => {
	const parameters = { resource: 'review', operation: 'setSource' };

	it('lists the live sources of the project by name, with their slugs as values', async () => {
		const result = await listSearch('searchSourceSlugs', parameters);

		const live = env.sim.defaultProject().sources.filter((s) => s.deleted_at === null);
		expect(result.results).toEqual(
			live.map((s) => ({ name: `${s.name} (${s.slug})`, value: s.slug })),
		);
		expect(env.requests().map((r) => [r.method, r.path])).toEqual([['GET', '/project/sources']]);
	});

	it('filters by name or slug, ignoring case', async () => {
		expect((await listSearch('searchSourceSlugs', parameters, 'FACE')).results).toEqual([
			{ name: 'Facebook (facebook)', value: 'facebook' },
		]);
		expect(
			(await listSearch('searchSourceSlugs', parameters, 'trustp')).results.map(
				(item) => item.value,
			),
		).toEqual(['trustpilot']);
		expect((await listSearch('searchSourceSlugs', parameters, 'nothing-like-it')).results).toEqual(
			[],
		);
	});
});
