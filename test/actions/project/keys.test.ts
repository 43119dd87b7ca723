import { NodeApiError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

describe('project → getKey', () => {
	it("outputs the project's secret key as { key }, read with the agency key", async () => {
		const project = env.sim.createProject('Keyed Shop');

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'getKey',
			projectId: byId(project.id),
		});

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { key: project.key }, pairedItem: { item: 0 } }]);
		const [request] = env.requests();
		expect(request).toMatchObject({ method: 'GET', path: `/agency/projects/${project.id}/key` });
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
	});

	it('the key it outputs works as a project credential', async () => {
		const project = env.sim.createProject('Keyed Shop');
		env.sim.addReview(project.id, { review: 'only in keyed shop' });
		const { items } = await env.run({
			resource: 'project',
			operation: 'getKey',
			projectId: byId(project.id),
		});

		const reviews = await env.run(
			{ resource: 'review', operation: 'getAll', returnAll: true },
			{ credentials: env.projectCredentials(items[0].json.key as string) },
		);

		expect(reviews.error).toBeUndefined();
		expect(reviews.items.map((item) => item.json.review)).toEqual(['only in keyed shop']);
	});

	it('surfaces the 404 of an unknown project', async () => {
		const { error } = await env.run({
			resource: 'project',
			operation: 'getKey',
			projectId: byId(555),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Project 555 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
	});
});

describe('project → rotateKey', () => {
	it('outputs the new key; the old key then gets 401 and the new one works', async () => {
		const project = env.sim.defaultProject();
		const oldKey = project.key;

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'rotateKey',
			projectId: byId(project.id),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'DELETE',
			path: `/agency/projects/${project.id}/key`,
			status: 200,
		});
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		const newKey = items[0].json.key as string;
		expect(items).toEqual([{ json: { key: project.key }, pairedItem: { item: 0 } }]);
		expect(newKey).not.toBe(oldKey);

		const withOld = await env.run(
			{ resource: 'review', operation: 'getAll', returnAll: true },
			{ credentials: env.projectCredentials(oldKey) },
		);
		expect(withOld.error).toBeInstanceOf(NodeApiError);
		expect(withOld.error?.message).toBe('The service answered 401: Unauthenticated.');
		expect((withOld.error as NodeApiError).httpCode).toBe('401');
		expect(withOld.error?.description).toMatch(/Review Collection Project API.*rotated/);

		const withNew = await env.run(
			{ resource: 'review', operation: 'getAll', returnAll: true },
			{ credentials: env.projectCredentials(newKey) },
		);
		expect(withNew.error).toBeUndefined();
		expect(withNew.items.length).toBe(project.reviews.items.filter((r) => !r.is_duplicate).length);
		expect(bearerOf(env.requests('GET', '/project/reviews').at(-1)!)).toBe(newKey);
	});

	it('issues a different key at every rotation', async () => {
		const project = env.sim.createProject('Spinning Keys');

		const { items } = await env.run(
			{ resource: 'project', operation: 'rotateKey', projectId: byId(project.id) },
			{ input: [{}, {}] },
		);

		expect(items).toHaveLength(2);
		expect(items[0].json.key).not.toBe(items[1].json.key);
		expect(items[1].json.key).toBe(project.key);
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 1]);
	});

	it('surfaces the 404 of an unknown project and changes no key', async () => {
		const before = env.sim.defaultProject().key;

		const { error } = await env.run({
			resource: 'project',
			operation: 'rotateKey',
			projectId: byId(8080),
		});

		expect(error?.message).toBe('The service answered 404: Project 8080 not found.');
		expect(env.sim.defaultProject().key).toBe(before);
	});
});

describe('agency credential errors', () => {
	it.each([
		[{ resource: 'project', operation: 'getAll', returnAll: true }],
		[{ resource: 'client', operation: 'getAll', returnAll: true }],
	])('a wrong agency key gives a 401 that names the Agency credential (%j)', async (parameters) => {
		const { error, items } = await env.run(parameters, {
			credentials: { ...env.projectCredentials(), ...env.agencyCredentials('rcs_agency_wrong') },
		});

		expect(items).toHaveLength(0);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 401: Unauthenticated.');
		expect((error as NodeApiError).httpCode).toBe('401');
		expect(error?.description).toMatch(/Check the "Review Collection Agency API" credential/);
		expect(JSON.stringify(error)).not.toContain('rcs_agency_wrong');
		expect(bearerOf(env.sim.requests[0])).toBe('rcs_agency_wrong');
	});

	it('the project key is refused by the Agency API (401), not taken for an agency key', async () => {
		const project = env.sim.defaultProject();

		const { error } = await env.run(
			{ resource: 'project', operation: 'getKey', projectId: byId(project.id) },
			{ credentials: env.agencyCredentials(project.key) },
		);

		expect(error?.message).toBe('The service answered 401: Unauthenticated.');
		expect(error?.description).toMatch(/Review Collection Agency API/);
	});
});
