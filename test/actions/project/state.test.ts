import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

describe('project → updateOverrides', () => {
	it('sends only the overrides the user set, in snake_case, and outputs the updated project', async () => {
		const project = env.sim.defaultProject();
		const before = { ...project.features };

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'updateOverrides',
			projectId: byId(project.id),
			overrides: {
				customers: 12000,
				widgets: 0,
				dailySmsRequests: 40,
				monthlyEmailRequests: 900,
				formsAdvanced: true,
				api: false,
				webhooks: true,
			},
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/agency/projects/${project.id}/overrides`,
		});
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(request.body).toEqual({
			customers: 12000,
			widgets: 0,
			daily_sms_requests: 40,
			monthly_email_requests: 900,
			forms_advanced: true,
			api: false,
			webhooks: true,
		});
		expect(project.features).toEqual({
			...before,
			customers: 12000,
			widgets: 0,
			forms_advanced: true,
			api: false,
			webhooks: true,
		});
		expect(project.limits).toEqual({
			daily_email_requests: null,
			monthly_email_requests: 900,
			daily_sms_requests: 40,
			monthly_sms_requests: null,
		});
		expect(items).toEqual([
			{ json: env.sim.toJson('project', project.id), pairedItem: { item: 0 } },
		]);
		expect((items[0].json.features as { customers: number }).customers).toBe(12000);
	});

	it('sends every allowance, limit and switch under its API name', async () => {
		const project = env.sim.defaultProject();

		const { error } = await env.run({
			resource: 'project',
			operation: 'updateOverrides',
			projectId: byId(project.id),
			overrides: {
				ambassador: true,
				locations: 7,
				members: 3,
				links: 4,
				tags: 5,
				dailyEmailRequests: 1,
				monthlySmsRequests: 2,
			},
		});

		expect(error).toBeUndefined();
		expect(env.requests()[0].body).toEqual({
			ambassador: true,
			locations: 7,
			members: 3,
			links: 4,
			tags: 5,
			daily_email_requests: 1,
			monthly_sms_requests: 2,
		});
		expect(project.features).toMatchObject({
			ambassador: true,
			locations: 7,
			members: 3,
			links: 4,
			tags: 5,
		});
		expect(project.limits).toMatchObject({ daily_email_requests: 1, monthly_sms_requests: 2 });
	});

	it.each([
		[{ customers: -1 }, /^Invalid Customers in item 0: must be at least 0/],
		[
			{ dailyEmailRequests: 2.5 },
			/^Invalid Daily Email Requests in item 0: must be a whole number/,
		],
		[{ api: 'yes' }, /^Invalid API in item 0: must be true or false/],
	])('refuses %j before sending anything', async (overrides, message) => {
		const { error } = await env.run({
			resource: 'project',
			operation: 'updateOverrides',
			projectId: byId(env.sim.defaultProject().id),
			overrides: Object.fromEntries(
				Object.entries(overrides).map(([k, v]) => [k, `={{ ${JSON.stringify(v)} }}`]),
			),
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('surfaces the 404 of an unknown project', async () => {
		const { error } = await env.run({
			resource: 'project',
			operation: 'updateOverrides',
			projectId: byId(777),
			overrides: { tags: 1 },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Project 777 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
	});
});

describe('project → suspend / unsuspend', () => {
	it('suspend sets is_suspended and outputs the updated project', async () => {
		const project = env.sim.createProject('Late Payer');

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'suspend',
			projectId: byId(project.id),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/agency/projects/${project.id}/suspend`,
			status: 200,
		});
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(project.is_suspended).toBe(true);
		expect(env.sim.defaultProject().is_suspended).toBe(false);
		expect(items).toEqual([
			{ json: env.sim.toJson('project', project.id), pairedItem: { item: 0 } },
		]);
		expect(items[0].json.is_suspended).toBe(true);
	});

	it('unsuspend clears is_suspended and outputs the updated project', async () => {
		const project = env.sim.createProject('Paid At Last');
		env.sim.setProjectSuspended(project.id, true);

		const { items, error } = await env.run({
			resource: 'project',
			operation: 'unsuspend',
			projectId: byId(project.id),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/agency/projects/${project.id}/unsuspend`,
		});
		expect(bearerOf(request)).toBe(env.sim.agencyKey);
		expect(project.is_suspended).toBe(false);
		expect(items[0].json).toEqual(env.sim.toJson('project', project.id));
		expect(items[0].json.is_suspended).toBe(false);
	});

	it('unsuspend restores Project API access for the project key', async () => {
		const project = env.sim.defaultProject();
		env.sim.setProjectSuspended(project.id, true);
		const blocked = await env.run({ resource: 'review', operation: 'getAll', returnAll: true });
		expect(blocked.error?.message).toMatch(/^The service answered 403: /);

		await env.run({ resource: 'project', operation: 'unsuspend', projectId: byId(project.id) });
		const { error, items } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
	});

	it.each(['suspend', 'unsuspend'])(
		'%s surfaces the 404 of an unknown project',
		async (operation) => {
			const { error } = await env.run({ resource: 'project', operation, projectId: byId(31337) });

			expect(error?.message).toBe('The service answered 404: Project 31337 not found.');
			expect((error as NodeApiError).httpCode).toBe('404');
		},
	);
});
