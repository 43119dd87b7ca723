import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const paired = (items: Array<{ pairedItem?: unknown }>) =>
	items.map((item) => (item.pairedItem as { item: number }).item);

describe('project → getAll', () => {
	it('returns every project of the agency in one request, signed with the agency key', async () => {
		env.sim.createProject('Second Shop');
		env.sim.createProject('Third Shop');

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual([
			'Acme Bakery',
			'Second Shop',
			'Third Shop',
		]);
		expect(items[1].json).toEqual(env.sim.toJson('project', env.sim.state.projects[1].id));
		expect(paired(items)).toEqual([0, 0, 0]);
		const requests = env.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/agency/projects', query: {} });
		expect(bearerOf(requests[0])).toBe(env.sim.agencyKey);
	});

	it('cuts the answer to Limit (the list is not paginated)', async () => {
		env.sim.createProject('Second Shop');
		env.sim.createProject('Third Shop');

		const { items } = await env.run({
			resource: 'project',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});

		expect(items.map((item) => item.json.name)).toEqual(['Acme Bakery', 'Second Shop']);
		expect(env.requests()).toHaveLength(1);
		expect(env.requests()[0].query).toEqual({});
	});
});

describe('project → create', () => {
	it('creates a project and outputs it, once per input item', async () => {
		const { items, error } = await env.run(
			{ resource: 'project', operation: 'create', name: '={{ $json.shop }}' },
			{ input: [{ shop: 'North Bakery' }, { shop: 'South Bakery' }] },
		);

		expect(error).toBeUndefined();
		const requests = env.requests('POST', '/agency/projects');
		expect(requests.map((r) => r.body)).toEqual([
			{ name: 'North Bakery' },
			{ name: 'South Bakery' },
		]);
		expect(requests.every((r) => bearerOf(r) === env.sim.agencyKey)).toBe(true);
		const created = env.sim.state.projects.slice(1);
		expect(created.map((p) => p.name)).toEqual(['North Bakery', 'South Bakery']);
		expect(items.map((item) => item.json)).toEqual(
			created.map((p) => env.sim.toJson('project', p.id)),
		);
		expect(paired(items)).toEqual([0, 1]);
	});

	it.each([
		['Ab', 2],
		['x'.repeat(51), 51],
	])('refuses the name %j (%i characters) before sending anything', async (name, length) => {
		const { error } = await env.run({ resource: 'project', operation: 'create', name });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe(
			`Invalid Name in item 0: must be 3 to 50 characters, it has ${length} (got "${name.length > 57 ? name.slice(0, 54) + '...' : name}")`,
		);
		expect(env.sim.requests).toHaveLength(0);
		expect(env.sim.state.projects).toHaveLength(1);
	});

	it('accepts names of exactly 3 and 50 characters', async () => {
		const { items, error } = await env.run(
			{ resource: 'project', operation: 'create', name: '={{ $json.name }}' },
			{ input: [{ name: 'Abc' }, { name: 'y'.repeat(50) }] },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.name)).toEqual(['Abc', 'y'.repeat(50)]);
	});

	it('names the failing item and continues with the others under Continue On Fail', async () => {
		const { items, error } = await env.run(
			{ resource: 'project', operation: 'create', name: '={{ $json.name }}' },
			{ input: [{ name: 'Ok Shop' }, { name: 'No' }], continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe('Ok Shop');
		expect(items[1].json.error).toMatch(/^Invalid Name in item 1: must be 3 to 50 characters/);
		expect(paired(items)).toEqual([0, 1]);
		expect(env.requests('POST')).toHaveLength(1);
	});
});

describe('project → delete', () => {
	it('deletes the project and outputs { deleted: true }', async () => {
		const doomed = env.sim.createProject('Closing Shop');

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'delete',
			projectId: byId(doomed.id),
		});

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, id: doomed.id }, pairedItem: { item: 0 } }]);
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'DELETE',
			path: `/agency/projects/${doomed.id}`,
			status: 200,
		});
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(env.sim.state.projects.map((p) => p.id)).toEqual([env.sim.defaultProject().id]);
	});

	it('surfaces the 404 of an unknown project with its code', async () => {
		const { error } = await env.run({
			resource: 'project',
			operation: 'delete',
			projectId: byId(9999),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Project 9999 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
		expect(env.sim.state.projects).toHaveLength(1);
	});

	it('refuses an ID that is not a positive whole number before sending anything', async () => {
		// An expression escapes the editor's regex check of the "By ID" mode.
		const { error } = await env.run(
			{ resource: 'project', operation: 'delete', projectId: byId('={{ $json.id }}') },
			{ input: [{ id: 'abc' }] },
		);

		expect(error?.message).toMatch(/^Invalid Project in item 0: must be an ID/);
		expect(env.sim.requests).toHaveLength(0);
	});
});

describe('project → duplicate', () => {
	it('creates a new project with the configuration of the source project', async () => {
		const source = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'duplicate',
			projectId: byId(source.id),
			name: 'Acme Bakery Uptown',
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/agency/projects/${source.id}/duplicate`,
			body: { name: 'Acme Bakery Uptown' },
		});
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		const copy = env.sim.state.projects[1];
		expect(copy.name).toBe('Acme Bakery Uptown');
		expect(copy.id).not.toBe(source.id);
		expect(copy.sources.map((s) => s.slug)).toEqual(source.sources.map((s) => s.slug));
		expect(items).toEqual([{ json: env.sim.toJson('project', copy.id), pairedItem: { item: 0 } }]);
	});

	it.each(['Ab', 'z'.repeat(51)])('refuses the name %j before sending anything', async (name) => {
		const { error } = await env.run({
			resource: 'project',
			operation: 'duplicate',
			projectId: byId(env.sim.defaultProject().id),
			name,
		});

		expect(error?.message).toMatch(/^Invalid Name in item 0: must be 3 to 50 characters/);
		expect(env.sim.requests).toHaveLength(0);
		expect(env.sim.state.projects).toHaveLength(1);
	});

	it('surfaces the 404 of an unknown source project', async () => {
		const { error } = await env.run({
			resource: 'project',
			operation: 'duplicate',
			projectId: byId(4242),
			name: 'Copy Shop',
		});

		expect(error?.message).toBe('The service answered 404: Project 4242 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
		expect(env.sim.state.projects).toHaveLength(1);
	});
});
