import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const review = (id: number) => env.sim.toJson('review', id) as Record<string, any>;

describe('review → create through the engine', () => {
	it('sends the score and the snake_case fields, outputs the record and stores it', async () => {
		const before = env.sim.defaultProject().reviews.size;

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'create',
			score: 4,
			additionalFields: {
				firstName: 'Dana',
				email: 'dana@example.com',
				review: 'Lovely cinnamon rolls',
				createdAt: '2019-05-01T10:00:00Z',
				locationSlug: 'riverside',
				sourceSlug: 'google',
				tagSlugs: 'great-service, follow-up',
			},
		});

		expect(error).toBeUndefined();
		const [request] = env.requests('POST', '/project/reviews');
		expect(bearerOf(request)).toBe(env.sim.defaultProject().key);
		expect(request.body).toEqual({
			score: 4,
			first_name: 'Dana',
			email: 'dana@example.com',
			review: 'Lovely cinnamon rolls',
			created_at: '2019-05-01T10:00:00Z',
			location_slug: 'riverside',
			source_slug: 'google',
			tag_slugs: ['great-service', 'follow-up'],
		});
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		const created = review(items[0].json.id as number);
		expect(created).toMatchObject({ score: 4, review: 'Lovely cinnamon rolls' });
		expect(created.location.slug).toBe('riverside');
		expect(created.tags.map((t: { slug: string }) => t.slug).sort()).toEqual([
			'follow-up',
			'great-service',
		]);
		expect(env.sim.defaultProject().reviews.size).toBe(before + 1);
	});

	it.each([
		[{ score: 6 }, /Invalid Score in item 0: must be from 1 to 5/],
		[{ score: 2.5 }, /Invalid Score in item 0: must be a whole number/],
		[
			{ score: 3, additionalFields: { createdAt: 'next tuesday-ish' } },
			/Invalid Created At in item 0/,
		],
		[
			{ score: 3, additionalFields: { createdAt: 'x'.repeat(51) } },
			/Invalid Created At in item 0: must be at most 50 characters/,
		],
	])('rejects %j before sending anything', async (parameters, message) => {
		const { error } = await env.run({ resource: 'review', operation: 'create', ...parameters });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('surfaces a 404 for an unknown location slug with the API message', async () => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'create',
			score: 5,
			additionalFields: { locationSlug: 'atlantis' },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/^The service answered 404: .*atlantis/);
		expect((error as NodeApiError).httpCode).toBe('404');
	});

	it('continues on fail with one error item paired with its input', async () => {
		const { items, error } = await env.run(
			{ resource: 'review', operation: 'create', score: '={{ $json.score }}' },
			{ input: [{ score: 5 }, { score: 9 }, { score: 1 }], continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.score).toBe(5);
		expect(items[1].json.error).toMatch(/Invalid Score in item 1/);
		expect(items[2].json.score).toBe(1);
		expect(env.requests('POST', '/project/reviews')).toHaveLength(2);
	});
});

describe('review actions on one review', () => {
	const run = (operation: string, parameters: Record<string, unknown>, id = 1) =>
		env.run({ resource: 'review', operation, reviewId: byId(id), ...parameters });

	it('delete removes the review and outputs { deleted: true }', async () => {
		const { items } = await run('delete', {});

		expect(env.requests('DELETE')[0].path).toBe('/project/reviews/1');
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: 1 }]);
		expect(env.sim.defaultProject().reviews.get(1)).toBeUndefined();
	});

	it('an unknown id surfaces the 404 message', async () => {
		const { error } = await run('delete', {}, 999);

		expect(error?.message).toMatch(/^The service answered 404: .*999/);
	});

	it('an id that is not a positive integer sends nothing', async () => {
		// Typed in the editor, the locator's own regex stops the workflow before it runs.
		await expect(
			env.run({ resource: 'review', operation: 'delete', reviewId: byId('12abc') }),
		).rejects.toThrow(/The ID must be a positive whole number/);
		// From an expression, the node's check names the field and the item.
		const { error } = await env.run(
			{ resource: 'review', operation: 'delete', reviewId: byId('={{ $json.id }}') },
			{ input: [{ id: 2 }, { id: '12abc' }] },
		);

		expect(error?.message).toMatch(/Invalid Review in item 1: must be an ID/);
		expect(env.requests('DELETE').map((r) => r.path)).toEqual(['/project/reviews/2']);
	});

	it.each([
		[
			'setLocation',
			{ locationSlug: 'airport' },
			'location',
			{ location_slug: 'airport' },
			(r: any) => r.location.slug === 'airport',
		],
		[
			'setSource',
			{ sourceSlug: 'facebook' },
			'source',
			{ source_slug: 'facebook' },
			(r: any) => r.source.slug === 'facebook',
		],
		[
			'flagHidden',
			{ isHidden: true },
			'flag-hidden',
			{ is_hidden: true },
			(r: any) => r.is_hidden === true,
		],
		[
			'flagDuplicate',
			{ isDuplicate: true },
			'flag-duplicate',
			{ is_duplicate: true },
			(r: any) => r.is_duplicate === true,
		],
		[
			'markReplied',
			{ replied: true },
			'mark-replied',
			{ replied: true },
			(r: any) => typeof r.replied_at === 'number',
		],
		[
			'setTags',
			{ tagSlugs: 'follow-up,slow-delivery' },
			'tags',
			{ tag_slugs: ['follow-up', 'slow-delivery'] },
			(r: any) => r.tags.length === 2,
		],
	])(
		'%s sends PUT …/%s and changes the review',
		async (operation, parameters, action, body, changed) => {
			expect(changed(review(1))).toBe(false);

			const { items, error } = await run(operation, parameters);

			expect(error).toBeUndefined();
			const [request] = env.requests('PUT');
			expect(request.path).toBe(`/project/reviews/1/${action}`);
			expect(request.body).toEqual(body);
			expect(items.map((item) => item.json)).toEqual([{ success: true, id: 1 }]);
			expect(changed(review(1))).toBe(true);
		},
	);

	it('markReplied false clears the replied date and keeps the reply text', async () => {
		expect(review(3).replied_at).not.toBeNull();

		await run('markReplied', { replied: false }, 3);

		expect(review(3).replied_at).toBeNull();
		expect(review(3).reply).toBe('Sorry about that, Carol!');
	});

	it('setTags with nothing clears every tag', async () => {
		expect(review(1).tags.length).toBeGreaterThan(0);

		await run('setTags', { tagSlugs: '' });

		expect(env.requests('PUT')[0].body).toEqual({ tag_slugs: [] });
		expect(review(1).tags).toEqual([]);
	});

	it('an unknown source slug surfaces the 404 and changes nothing', async () => {
		const { error } = await run('setSource', { sourceSlug: 'myspace' });

		expect(error?.message).toMatch(/^The service answered 404: .*myspace/);
		expect(review(1).source.slug).toBe('google');
	});

	it('a blank reply is refused before sending', async () => {
		const { error } = await run('reply', { reply: '   ' });

		expect(error?.message).toMatch(/Invalid Reply in item 0: is required/);
		expect(env.sim.requests).toHaveLength(0);
	});
});
