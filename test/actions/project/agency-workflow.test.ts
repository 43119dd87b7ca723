import type { INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

/** Feeds one node's output to the next run, as a connection in a workflow would. */
const asInput = (items: INodeExecutionData[]) => items.map((item) => ({ json: item.json }));

describe('agency workflow: provision a project, use it, suspend it', () => {
	it('create → get key → create reviews (project key and agency key) → suspend → the key fails with 403', async () => {
		// 1. Create the project.
		const created = await env.run({
			resource: 'project',
			operation: 'create',
			name: 'Corner Café',
		});
		expect(created.error).toBeUndefined();
		const projectId = created.items[0].json.id as number;
		const project = env.sim.project(projectId);
		expect(project.name).toBe('Corner Café');

		// 2. Read its key, the project ID coming from the previous node's output.
		const keyed = await env.run(
			{ resource: 'project', operation: 'getKey', projectId: byId('={{ $json.id }}') },
			{ input: asInput(created.items) },
		);
		expect(keyed.error).toBeUndefined();
		const key = keyed.items[0].json.key as string;
		expect(key).toBe(project.key);
		expect(env.requests('GET', `/agency/projects/${projectId}/key`)).toHaveLength(1);

		// 3a. Create a review with a project credential built from that key.
		env.sim.clearLog();
		const withKey = await env.run(
			{
				resource: 'review',
				operation: 'create',
				score: 5,
				additionalFields: { review: 'Best flat white in town' },
			},
			{ credentials: env.projectCredentials(key) },
		);
		expect(withKey.error).toBeUndefined();
		const [postWithKey] = env.requests('POST', '/project/reviews');
		expect(bearerOf(postWithKey)).toBe(key);
		expect(project.reviews.items.map((r) => r.review)).toEqual(['Best flat white in town']);
		expect(env.sim.defaultProject().reviews.items.map((r) => r.review)).not.toContain(
			'Best flat white in town',
		);
		expect(withKey.items[0].json.id).toBe(project.reviews.items[0].id);

		// 3b. And with the agency key plus the project: the node reads the key itself.
		env.sim.clearLog();
		const withAgency = await env.run(
			{
				resource: 'review',
				operation: 'create',
				authentication: 'agencyKey',
				projectId: byId(projectId),
				score: 4,
				additionalFields: { review: 'Cosy, a bit loud' },
			},
			{ credentials: env.agencyCredentials() },
		);
		expect(withAgency.error).toBeUndefined();
		expect(env.sim.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /agency/projects/${projectId}/key`,
			'POST /project/reviews',
		]);
		expect(bearerOf(env.sim.requests[0])).toBe(env.sim.agencyKey);
		expect(bearerOf(env.sim.requests[1])).toBe(key);
		expect(project.reviews.items.map((r) => r.review)).toEqual([
			'Best flat white in town',
			'Cosy, a bit loud',
		]);
		expect(JSON.stringify(withAgency.items)).not.toContain(key);

		// 4. Suspend it.
		const suspended = await env.run(
			{ resource: 'project', operation: 'suspend', projectId: byId('={{ $json.id }}') },
			{ input: asInput(created.items) },
		);
		expect(suspended.error).toBeUndefined();
		expect(suspended.items[0].json.is_suspended).toBe(true);
		expect(project.is_suspended).toBe(true);

		// 5. The project key is now refused with a clear error.
		const blocked = await env.run(
			{ resource: 'review', operation: 'getAll', returnAll: true },
			{ credentials: env.projectCredentials(key) },
		);
		expect(blocked.error).toBeInstanceOf(NodeApiError);
		expect(blocked.error?.message).toBe('The service answered 403: This project is suspended.');
		expect((blocked.error as NodeApiError).httpCode).toBe('403');
		expect(blocked.error?.description).toMatch(/suspended.*Unsuspend/);
		expect(JSON.stringify(blocked.error)).not.toContain(key);

		// ... and through the agency key too: the key is read, the Project API refuses it.
		const blockedAgency = await env.run(
			{
				resource: 'review',
				operation: 'create',
				authentication: 'agencyKey',
				projectId: byId(projectId),
				score: 3,
			},
			{ credentials: env.agencyCredentials() },
		);
		expect(blockedAgency.error?.message).toBe(
			'The service answered 403: This project is suspended.',
		);
		expect(project.reviews.items).toHaveLength(2);
	});

	it('duplicate → update overrides → invite a client to both projects → delete the copy', async () => {
		const source = env.sim.defaultProject();
		const copy = await env.run({
			resource: 'project',
			operation: 'duplicate',
			projectId: byId(source.id),
			name: 'Acme Copy',
		});
		const copyId = copy.items[0].json.id as number;

		const overrides = await env.run(
			{
				resource: 'project',
				operation: 'updateOverrides',
				projectId: byId('={{ $json.id }}'),
				overrides: { api: false },
			},
			{ input: asInput(copy.items) },
		);
		expect((overrides.items[0].json.features as { api: boolean }).api).toBe(false);
		expect(env.sim.project(copyId).features.api).toBe(false);
		expect(source.features.api).toBe(true);

		const invited = await env.run(
			{
				resource: 'client',
				operation: 'create',
				email: 'franchise@acme.test',
				projectIds: `={{ [${source.id}, $json.id] }}`,
			},
			{ input: asInput(copy.items) },
		);
		expect(invited.error).toBeUndefined();
		expect((invited.items[0].json.projects as Array<{ id: number }>).map((p) => p.id)).toEqual([
			source.id,
			copyId,
		]);

		const deleted = await env.run({
			resource: 'project',
			operation: 'delete',
			projectId: byId(copyId),
		});
		expect(deleted.items[0].json).toEqual({ deleted: true, id: copyId });
		expect(env.sim.state.clients[0].project_ids).toEqual([source.id]);
		expect(env.sim.state.projects.map((p) => p.id)).toEqual([source.id]);
	});
});
