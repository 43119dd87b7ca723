/** The simulator's agency area: projects and clients (spec 4.1, 4.2), over HTTP. */
import { ApiSimulator } from '../../simulator';
import { Json } from './http-client';
import { useSimulator } from './use-simulator';

let sim: ApiSimulator;
const { call, agency } = useSimulator((started) => (sim = started));

describe('agency', () => {
	test('projects, keys, rotation, duplicate, overrides, suspend', async () => {
		const created = await agency('POST', '/agency/projects', { name: 'Beta Shop' });
		expect(created.json.data).toMatchObject({
			name: 'Beta Shop',
			is_suspended: false,
			features: { api: true, customers: 5000 },
		});
		const id = created.json.data.id;
		const key = (await agency('GET', `/agency/projects/${id}/key`)).json.data;
		expect(key).toMatch(/^rcs_proj_[0-9a-f]{32}$/);
		expect((await call('GET', '/project/sources', { key })).json.data).toEqual([]);
		const rotated = (await agency('DELETE', `/agency/projects/${id}/key`)).json.data;
		expect(rotated).not.toBe(key);
		expect((await call('GET', '/project/sources', { key })).status).toBe(401);
		expect((await call('GET', '/project/sources', { key: rotated })).status).toBe(200);
		const short = await agency('POST', '/agency/projects', { name: 'ab' });
		expect(short.status).toBe(422);
		expect(short.json.message).toBe('The name field must be at least 3 characters.');
		const dup = await agency('POST', '/agency/projects/1/duplicate', { name: 'Acme Copy' });
		const copy = sim.state.projects.find((p) => p.id === dup.json.data.id)!;
		expect(copy.sources.map((s) => s.slug)).toEqual(['google', 'facebook', 'trustpilot']);
		expect(copy.reviews.size).toBe(0);
		const ov = await agency('PUT', '/agency/projects/1/overrides', {
			customers: 10,
			webhooks: true,
			daily_sms_requests: 5,
		});
		expect(ov.json.data.features).toMatchObject({ customers: 10, webhooks: true });
		expect(sim.defaultProject().limits.daily_sms_requests).toBe(5);
		const bad = await agency('PUT', '/agency/projects/1/overrides', {
			customers: 'many',
			api: 'yes',
		});
		expect(bad.status).toBe(422);
		expect(bad.json.message).toBe('The customers field must be an integer. (and 1 more error)');
		expect((await agency('PUT', '/agency/projects/1/suspend')).json.data.is_suspended).toBe(true);
		expect((await call('GET', '/project/reviews')).status).toBe(403);
		expect((await agency('PUT', '/agency/projects/1/unsuspend')).json.data.is_suspended).toBe(
			false,
		);
		await agency('DELETE', `/agency/projects/${id}`);
		expect((await call('GET', '/project/sources', { key: rotated })).status).toBe(401);
		const list = await agency('GET', '/agency/projects');
		expect(list.json.pagination).toBeUndefined();
	});

	test('clients', async () => {
		const bad = await agency('POST', '/agency/clients', {
			email: 'nope',
			project_ids: [],
			role_slug: 'owner',
		});
		expect(bad.status).toBe(422);
		expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'project_ids', 'role_slug']);
		const c = await agency('POST', '/agency/clients', {
			email: 'c@example.com',
			project_ids: [1],
			section_ids: [1, 2],
		});
		expect(c.json.data).toMatchObject({
			role_slug: 'viewer',
			invite_email: 'c@example.com',
			joined_at: null,
		});
		expect(c.json.data.sections.map((s: Json) => s.slug)).toEqual(['reviews', 'customers']);
		expect(c.json.data.projects[0].name).toBe('Acme Bakery');
		expect(
			(
				await agency('POST', '/agency/clients', {
					email: 'd@example.com',
					project_ids: [1],
					section_ids: [9],
				})
			).status,
		).toBe(422);
		const up = await agency('PUT', `/agency/clients/${c.json.data.id}`, { role_slug: 'editor' });
		expect(up.json.data).toMatchObject({ role_slug: 'editor', invite_email: 'c@example.com' });
		sim.setNow(sim.now() + 100);
		const resent = await agency('POST', `/agency/clients/${c.json.data.id}/resend-invite`);
		expect(resent.json.data.invited_at).toBe(sim.now());
		sim.setNow(undefined);
		const joined = sim.addClient({ joined: true });
		const r = await agency('POST', `/agency/clients/${joined.id}/resend-invite`);
		expect(r.status).toBe(422);
		expect(r.json.message).toBe('The client has already joined.');
		await agency('DELETE', `/agency/clients/${c.json.data.id}`);
		expect((await agency('GET', '/agency/clients')).json.data).toHaveLength(1);
	});
});
