import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

describe('source → getAll', () => {
	it('outputs every live source as one paired item, in one unpaginated request', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'source',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual(
			project.sources.map((s) => env.sim.toJson('source', s.id)),
		);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const requests = env.requests('GET', '/project/sources');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({});
		expect(bearerOf(requests[0])).toBe(project.key);
	});

	it('cuts the list to the Limit', async () => {
		const { items } = await env.run({
			resource: 'source',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});

		expect(items.map((item) => item.json.slug)).toEqual(['google', 'facebook']);
		expect(env.requests('GET', '/project/sources')).toHaveLength(1);
	});
});

describe('source → create', () => {
	it('sends name, colour and sprite, and outputs the new source', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'source',
			operation: 'create',
			name: 'Yelp Reviews',
			additionalFields: { color: '#d32323', sprite: 'fab fa-yelp' },
		});

		expect(error).toBeUndefined();
		const [request] = env.requests('POST', '/project/sources');
		expect(bearerOf(request)).toBe(project.key);
		expect(request.body).toEqual({ name: 'Yelp Reviews', color: '#d32323', sprite: 'fab fa-yelp' });
		const created = project.sources.find((s) => s.name === 'Yelp Reviews');
		expect(created).toMatchObject({
			slug: 'yelp-reviews',
			color: '#d32323',
			sprite: 'fab fa-yelp',
			icon: null,
		});
		expect(items).toEqual([
			{ json: env.sim.toJson('source', created!.id), pairedItem: { item: 0 } },
		]);
	});

	it('sends only the name when nothing else is set', async () => {
		await env.run({
			resource: 'source',
			operation: 'create',
			name: 'Walk-in',
			additionalFields: {},
		});

		expect(env.requests('POST', '/project/sources')[0].body).toEqual({ name: 'Walk-in' });
		expect(env.sim.defaultProject().sources.find((s) => s.name === 'Walk-in')).toMatchObject({
			sprite: null,
			color: null,
		});
	});

	it.each([
		[{ name: 'N'.repeat(31) }, /Invalid Name in item 0: must be at most 30 characters, it has 31/],
		[{ name: '   ' }, /Invalid Name in item 0: is required/],
		[
			{ name: 'Yelp', additionalFields: { color: '#'.repeat(31) } },
			/Invalid Color in item 0: must be at most 30/,
		],
		[
			{ name: 'Yelp', additionalFields: { sprite: 'fa-solid fa-star' } },
			/Invalid Sprite in item 0: must be a Font Awesome style prefix/,
		],
		[
			{ name: 'Yelp', additionalFields: { sprite: `fas fa-${'a'.repeat(44)}` } },
			/Invalid Sprite in item 0: must be at most 50 characters/,
		],
	])('rejects %j before sending anything', async (parameters, message) => {
		const before = env.sim.defaultProject().sources.length;

		const { error } = await env.run({ resource: 'source', operation: 'create', ...parameters });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
		expect(env.sim.defaultProject().sources).toHaveLength(before);
	});
});

describe('source → delete', () => {
	it('soft-deletes the source and outputs { deleted: true }', async () => {
		const project = env.sim.defaultProject();
		const facebook = project.sources.find((s) => s.slug === 'facebook')!;

		const { items, error } = await env.run({
			resource: 'source',
			operation: 'delete',
			sourceId: byId(facebook.id),
		});

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, id: facebook.id }, pairedItem: { item: 0 } }]);
		const [request] = env.requests('DELETE');
		expect(request.path).toBe(`/project/sources/${facebook.id}`);
		expect(bearerOf(request)).toBe(project.key);
		expect(facebook.deleted_at).not.toBeNull();
	});

	it('reports an unknown source with the 404 of the API', async () => {
		const { error } = await env.run({
			resource: 'source',
			operation: 'delete',
			sourceId: byId(777),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Source 777 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
	});

	it('works with the agency key and a project (list-mode locator value)', async () => {
		const project = env.sim.defaultProject();
		const google = project.sources.find((s) => s.slug === 'google')!;

		const { items, error } = await env.run(
			{
				resource: 'source',
				operation: 'delete',
				authentication: 'agencyKey',
				projectId: byId(project.id),
				sourceId: { __rl: true, mode: 'list', value: String(google.id) },
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, id: google.id }, pairedItem: { item: 0 } }]);
		const [keyRequest, deleteRequest] = env.sim.requests;
		expect(keyRequest.path).toBe(`/agency/projects/${project.id}/key`);
		expect(bearerOf(keyRequest)).toBe(env.sim.agencyKey);
		expect(deleteRequest.method).toBe('DELETE');
		expect(bearerOf(deleteRequest)).toBe(project.key);
		expect(google.deleted_at).not.toBeNull();
	});
});
