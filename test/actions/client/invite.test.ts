import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CLIENT_ROLES } from '../../simulator';
import { bearerOf, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const sectionIds = () => env.sim.state.sections.map((s) => s.id);

describe('client → getAll', () => {
	it('returns every client user in one request, signed with the agency key', async () => {
		const a = env.sim.addClient({ email: 'ann@example.com' });
		const b = env.sim.addClient({ email: 'bob@example.com', joined: true, role_slug: 'admin' });

		const { items, error } = await env.run({
			resource: 'client',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			env.sim.toJson('client', a.id),
			env.sim.toJson('client', b.id),
		]);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const requests = env.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/agency/clients', query: {} });
		expect(bearerOf(requests[0])).toBe(env.sim.agencyKey);
	});

	it('cuts the answer to Limit', async () => {
		for (const email of ['a@x.io', 'b@x.io', 'c@x.io']) env.sim.addClient({ email });

		const { items } = await env.run({
			resource: 'client',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});

		expect(items.map((item) => item.json.invite_email)).toEqual(['a@x.io', 'b@x.io']);
		expect(env.requests()).toHaveLength(1);
	});

	it('outputs nothing when the agency has no client', async () => {
		const { items, error } = await env.run({
			resource: 'client',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
	});
});

describe('client → create (invite)', () => {
	it('invites with email, project IDs (comma-separated), role and sections', async () => {
		const second = env.sim.createProject('Second Shop');
		const first = env.sim.defaultProject();
		const [s1, s2] = sectionIds();

		const { items, error } = await env.run({
			resource: 'client',
			operation: 'create',
			email: 'owner@acme.test',
			projectIds: ` ${first.id}, ${second.id} `,
			additionalFields: { roleSlug: 'manager', sectionIds: `${s1},${s2}` },
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({ method: 'POST', path: '/agency/clients' });
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(request.body).toEqual({
			email: 'owner@acme.test',
			project_ids: [first.id, second.id],
			role_slug: 'manager',
			section_ids: [s1, s2],
		});
		const [client] = env.sim.state.clients;
		expect(client).toMatchObject({
			invite_email: 'owner@acme.test',
			role_slug: 'manager',
			joined_at: null,
			project_ids: [first.id, second.id],
			section_ids: [s1, s2],
		});
		expect(items).toEqual([{ json: env.sim.toJson('client', client.id), pairedItem: { item: 0 } }]);
	});

	it('accepts project IDs as an array from an expression and sends only what was set', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run(
			{
				resource: 'client',
				operation: 'create',
				email: '={{ $json.email }}',
				projectIds: '={{ $json.projects }}',
			},
			{
				input: [
					{ email: 'one@acme.test', projects: [project.id] },
					{ email: 'two@acme.test', projects: [String(project.id)] },
				],
			},
		);

		expect(error).toBeUndefined();
		expect(env.requests('POST').map((r) => r.body)).toEqual([
			{ email: 'one@acme.test', project_ids: [project.id] },
			{ email: 'two@acme.test', project_ids: [project.id] },
		]);
		expect(items.map((item) => item.json.invite_email)).toEqual(['one@acme.test', 'two@acme.test']);
		expect(items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([0, 1]);
		expect(env.sim.state.clients).toHaveLength(2);
	});

	it.each([
		[
			{ email: 'not-an-email' },
			/^Invalid Email in item 0: is not an email address \(got "not-an-email"\)/,
		],
		[{ email: 'a b@acme.test' }, /^Invalid Email in item 0: is not an email address/],
		// Empty values come from expressions (the editor itself refuses an empty required field).
		[{ email: '={{ " " }}' }, /^Invalid Email in item 0: is required/],
		[{ projectIds: '={{ [] }}' }, /^Invalid Project IDs in item 0: must list at least one ID/],
		[{ projectIds: '={{ " , " }}' }, /^Invalid Project IDs in item 0: must list at least one ID/],
		[{ projectIds: '1, two' }, /^Invalid Project IDs in item 0: must be an ID/],
		[{ projectIds: '0' }, /^Invalid Project IDs in item 0: must be an ID/],
		[{ additionalFields: { sectionIds: '1,x' } }, /^Invalid Section IDs in item 0: must be an ID/],
	])('refuses %j before sending anything', async (change, message) => {
		const { error } = await env.run({
			resource: 'client',
			operation: 'create',
			email: 'ok@acme.test',
			projectIds: String(env.sim.defaultProject().id),
			...change,
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
		expect(env.sim.state.clients).toHaveLength(0);
	});

	it('passes a role the service does not know to it, and surfaces its 422', async () => {
		expect(CLIENT_ROLES).not.toContain('owner');

		const { error } = await env.run({
			resource: 'client',
			operation: 'create',
			email: 'ok@acme.test',
			projectIds: String(env.sim.defaultProject().id),
			additionalFields: { roleSlug: 'owner' },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/^The service answered 422: /);
		expect(error?.description).toMatch(/role_slug: The selected role slug is invalid\./);
		expect((error as NodeApiError).httpCode).toBe('422');
		expect(env.sim.state.clients).toHaveLength(0);
	});

	it('surfaces the 422 of a project that does not exist', async () => {
		const { error } = await env.run({
			resource: 'client',
			operation: 'create',
			email: 'ok@acme.test',
			projectIds: '999',
		});

		expect(error?.message).toMatch(/^The service answered 422: /);
		expect(error?.description).toMatch(/project_ids\.0/);
		expect(env.sim.state.clients).toHaveLength(0);
	});

	it.each(CLIENT_ROLES)('accepts the role %s the description names as an example', async (role) => {
		const { items, error } = await env.run({
			resource: 'client',
			operation: 'create',
			email: `${role}@acme.test`,
			projectIds: String(env.sim.defaultProject().id),
			additionalFields: { roleSlug: role },
		});

		expect(error).toBeUndefined();
		expect(items[0].json.role_slug).toBe(role);
	});
});
