import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

describe('client → update', () => {
	it('sends only the fields the user set and outputs the updated client', async () => {
		const second = env.sim.createProject('Second Shop');
		const client = env.sim.addClient({
			email: 'ann@example.com',
			role_slug: 'viewer',
			section_ids: [1],
		});

		const { items, error } = await env.run({
			resource: 'client',
			operation: 'update',
			clientId: byId(client.id),
			updateFields: { roleSlug: 'editor', projectIds: `${second.id}` },
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({ method: 'PUT', path: `/agency/clients/${client.id}` });
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(request.body).toEqual({ role_slug: 'editor', project_ids: [second.id] });
		expect(client).toMatchObject({
			role_slug: 'editor',
			project_ids: [second.id],
			section_ids: [1],
		});
		expect(items).toEqual([{ json: env.sim.toJson('client', client.id), pairedItem: { item: 0 } }]);
	});

	it('replaces the sections (an array from an expression) and leaves role and projects alone', async () => {
		const client = env.sim.addClient({ role_slug: 'admin', section_ids: [1] });
		const projects = [...client.project_ids];
		const sections = env.sim.state.sections.map((s) => s.id);

		const { error } = await env.run({
			resource: 'client',
			operation: 'update',
			clientId: byId(client.id),
			updateFields: { sectionIds: `={{ ${JSON.stringify(sections)} }}` },
		});

		expect(error).toBeUndefined();
		expect(env.requests()[0].body).toEqual({ section_ids: sections });
		expect(client).toMatchObject({
			role_slug: 'admin',
			project_ids: projects,
			section_ids: sections,
		});
	});

	it('an empty Section IDs field removes every section', async () => {
		const client = env.sim.addClient({ section_ids: [1, 2] });

		await env.run({
			resource: 'client',
			operation: 'update',
			clientId: byId(client.id),
			updateFields: { sectionIds: '' },
		});

		expect(env.requests()[0].body).toEqual({ section_ids: [] });
		expect(client.section_ids).toEqual([]);
	});

	it.each([
		[{ projectIds: '' }, /^Invalid Project IDs in item 0: must list at least one ID/],
		[{ projectIds: '3,-1' }, /^Invalid Project IDs in item 0: must be an ID/],
		[{ sectionIds: 'abc' }, /^Invalid Section IDs in item 0: must be an ID/],
	])('refuses %j before sending anything', async (updateFields, message) => {
		const client = env.sim.addClient({ role_slug: 'viewer' });

		const { error } = await env.run({
			resource: 'client',
			operation: 'update',
			clientId: byId(client.id),
			updateFields,
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('surfaces the 404 of an unknown client', async () => {
		const { error } = await env.run({
			resource: 'client',
			operation: 'update',
			clientId: byId(404404),
			updateFields: { roleSlug: 'admin' },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Client 404404 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
	});
});

describe('client → delete', () => {
	it("removes the client's access and outputs { deleted: true }", async () => {
		const keep = env.sim.addClient({ email: 'keep@example.com' });
		const gone = env.sim.addClient({ email: 'gone@example.com' });

		const { items, error } = await env.run({
			resource: 'client',
			operation: 'delete',
			clientId: byId(gone.id),
		});

		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, id: gone.id }, pairedItem: { item: 0 } }]);
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'DELETE',
			path: `/agency/clients/${gone.id}`,
			status: 200,
		});
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(env.sim.state.clients.map((c) => c.id)).toEqual([keep.id]);
	});

	it('surfaces the 404 of an unknown client', async () => {
		const { error } = await env.run({
			resource: 'client',
			operation: 'delete',
			clientId: byId(77),
		});

		expect(error?.message).toBe('The service answered 404: Client 77 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
	});
});

describe('client → resendInvite', () => {
	it('sends another invitation to a pending client and outputs the client', async () => {
		const client = env.sim.addClient({ email: 'pending@example.com', invited_at: 1_600_000_000 });

		const { items, error } = await env.run({
			resource: 'client',
			operation: 'resendInvite',
			clientId: byId(client.id),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/agency/clients/${client.id}/resend-invite`,
		});
		expect(request.body).toBeUndefined();
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(client.invited_at).toBeGreaterThan(1_600_000_000);
		expect(items).toEqual([{ json: env.sim.toJson('client', client.id), pairedItem: { item: 0 } }]);
	});

	it('surfaces the refusal for a client who already joined', async () => {
		const client = env.sim.addClient({ joined: true });

		const { error } = await env.run({
			resource: 'client',
			operation: 'resendInvite',
			clientId: byId(client.id),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/^The service answered 422: /);
		expect(error?.description).toMatch(/The client has already joined\./);
	});

	it('surfaces the 404 of an unknown client', async () => {
		const { error } = await env.run({
			resource: 'client',
			operation: 'resendInvite',
			clientId: byId(12345),
		});

		expect(error?.message).toBe('The service answered 404: Client 12345 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
	});
});
