import { NodeApiError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

describe('shareTemplate → getAll', () => {
	it('outputs every template as one paired item, in one unpaginated request', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'shareTemplate',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual(
			project.shareTemplates.map((t) => env.sim.toJson('shareTemplate', t.id)),
		);
		expect(items.map((item) => item.json.name)).toEqual(['Classic', 'Dark Story', 'Landscape']);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const requests = env.requests('GET', '/project/share-templates');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toEqual({});
		expect(bearerOf(requests[0])).toBe(project.key);
	});

	it('cuts the list to the Limit, once per input item', async () => {
		const { items } = await env.run(
			{ resource: 'shareTemplate', operation: 'getAll', returnAll: false, limit: 1 },
			{ input: [{}, {}] },
		);

		expect(items.map((item) => [item.json.name, item.pairedItem])).toEqual([
			['Classic', { item: 0 }],
			['Classic', { item: 1 }],
		]);
		expect(env.requests('GET', '/project/share-templates')).toHaveLength(2);
	});

	it('works with the agency key and a project', async () => {
		const other = env.sim.createProject('Second Bakery');
		other.shareTemplates.splice(1);

		const { items, error } = await env.run(
			{
				resource: 'shareTemplate',
				operation: 'getAll',
				returnAll: true,
				authentication: 'agencyKey',
				projectId: byId(other.id),
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([other.shareTemplates[0].id]);
		const [keyRequest, listRequest] = env.sim.requests;
		expect(keyRequest.path).toBe(`/agency/projects/${other.id}/key`);
		expect(bearerOf(keyRequest)).toBe(env.sim.agencyKey);
		expect(listRequest.path).toBe('/project/share-templates');
		expect(bearerOf(listRequest)).toBe(other.key);
	});

	it('says which credential to check when the project key is wrong', async () => {
		const { error } = await env.run(
			{ resource: 'shareTemplate', operation: 'getAll', returnAll: true },
			{ credentials: env.projectCredentials('rcs_proj_nope') },
		);

		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('401');
		expect(error?.description).toMatch(/Review Collection Project API/);
		expect(JSON.stringify(error)).not.toContain('rcs_proj_nope');
	});
});

describe('shareTemplate → delete', () => {
	it('deletes a template and outputs { deleted: true }', async () => {
		const project = env.sim.defaultProject();
		const landscape = project.shareTemplates.find((t) => t.name === 'Landscape')!;

		const { items, error } = await env.run({
			resource: 'shareTemplate',
			operation: 'delete',
			shareTemplateId: { __rl: true, mode: 'list', value: String(landscape.id) },
		});

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, id: landscape.id }, pairedItem: { item: 0 } }]);
		const [request] = env.requests('DELETE');
		expect(request.path).toBe(`/project/share-templates/${landscape.id}`);
		expect(bearerOf(request)).toBe(project.key);
		expect(project.shareTemplates.map((t) => t.name)).toEqual(['Classic', 'Dark Story']);
	});

	it('deleting the default leaves the service to pick another default', async () => {
		const project = env.sim.defaultProject();
		const classic = project.shareTemplates.find((t) => t.is_default)!;

		const { error } = await env.run({
			resource: 'shareTemplate',
			operation: 'delete',
			shareTemplateId: byId(classic.id),
		});

		expect(error).toBeUndefined();
		expect(project.shareTemplates.find((t) => t.id === classic.id)).toBeUndefined();
		expect(project.shareTemplates.filter((t) => t.is_default)).toHaveLength(1);
	});

	it('reports an unknown template with the 404 of the API', async () => {
		const { error } = await env.run({
			resource: 'shareTemplate',
			operation: 'delete',
			shareTemplateId: byId(31337),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Share template 31337 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
		expect(env.sim.defaultProject().shareTemplates).toHaveLength(3);
	});
});
