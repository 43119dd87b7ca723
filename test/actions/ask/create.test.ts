import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const ask = (parameters: INodeParameters) => ({
	resource: 'ask',
	operation: 'create',
	...parameters,
});

describe('ask → create', () => {
	it('schedules email and SMS requests and outputs the answer', async () => {
		const project = env.sim.defaultProject();
		const asks = project.asks.length;
		const messages = project.messages.items.length;

		const { items, error } = await env.run(
			ask({
				channels: ['email', 'sms'],
				email: 'dora@example.com',
				phone: '+15550100009',
				additionalFields: { remindersCount: 2, askedAt: '2026-12-01T09:00:00Z' },
			}),
		);

		expect(error).toBeUndefined();
		const [request] = env.requests('POST', '/project/asks');
		expect(bearerOf(request)).toBe(project.key);
		expect(request.body).toEqual({
			channels: ['email', 'sms'],
			email: 'dora@example.com',
			phone: '+15550100009',
			reminders_count: 2,
			asked_at: '2026-12-01T09:00:00Z',
		});
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ email: 'dora@example.com', phone: '+15550100009' });
		expect(String(items[0].json.scheduled_at)).toMatch(/^2026-12-01T09:00:00[+-]\d{2}:\d{2}$/);
		expect(project.asks).toHaveLength(asks + 1);
		expect(project.asks[asks]).toMatchObject({ channels: ['email', 'sms'], reminders_count: 2 });
		expect(project.messages.items).toHaveLength(messages + 2);
		expect(project.customers.items.some((c) => c.email === 'dora@example.com')).toBe(true);
	});

	it('leaves out an empty phone when only email is asked, and accepts channels from an expression', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run(
			ask({ channels: '={{ $json.channels }}', email: 'alice@example.com', phone: '' }),
			{ input: [{ channels: 'email' }] },
		);

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/asks')[0].body).toEqual({
			channels: ['email'],
			email: 'alice@example.com',
		});
		expect(items[0].json).toMatchObject({ email: 'alice@example.com', phone: null });
		expect(project.asks.at(-1)).toMatchObject({ channels: ['email'], reminders_count: 0 });
	});

	it.each([
		[
			{ channels: ['email'], email: ' ', phone: '+1555' },
			/Invalid Email in item 0: is needed when Channels has Email/,
		],
		[
			{ channels: ['sms'], email: 'a@example.com', phone: '' },
			/Invalid Phone in item 0: is needed when Channels has SMS/,
		],
		[
			{ channels: '={{ [] }}', email: 'a@example.com' },
			/Invalid Channels in item 0: choose Email, SMS or both/,
		],
		[
			{ channels: '={{ ["email", "fax"] }}', email: 'a@example.com' },
			/Invalid Channels in item 0: must be email or sms/,
		],
		[
			{ channels: ['email'], email: 'a@example.com', additionalFields: { remindersCount: -1 } },
			/Invalid Reminders Count in item 0: must be at least 0/,
		],
		[
			{ channels: ['email'], email: 'a@example.com', additionalFields: { remindersCount: 1.5 } },
			/Invalid Reminders Count in item 0: must be a whole number/,
		],
		[
			{ channels: ['email'], email: 'a@example.com', additionalFields: { askedAt: 'soon' } },
			/Invalid Asked At in item 0: is not a date-time/,
		],
	])('rejects %j before sending anything', async (parameters, message) => {
		const asks = env.sim.defaultProject().asks.length;

		const { error } = await env.run(ask(parameters as INodeParameters));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
		expect(env.sim.defaultProject().asks).toHaveLength(asks);
	});

	it('surfaces a 422 of the API (email that is not an address)', async () => {
		const { error } = await env.run(ask({ channels: ['email'], email: 'not-an-address' }));

		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('422');
		expect(error?.description).toMatch(/email/);
	});

	it('works with the agency key and a project', async () => {
		const other = env.sim.createProject('Corner Cafe');

		const { items, error } = await env.run(
			{
				...ask({ channels: ['sms'], email: '', phone: '+15550100777' }),
				authentication: 'agencyKey',
				projectId: byId(other.id),
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ email: null, phone: '+15550100777' });
		const [keyRequest, askRequest] = env.sim.requests;
		expect(keyRequest.path).toBe(`/agency/projects/${other.id}/key`);
		expect(bearerOf(keyRequest)).toBe(env.sim.agencyKey);
		expect(askRequest.path).toBe('/project/asks');
		expect(bearerOf(askRequest)).toBe(other.key);
		expect(other.asks).toHaveLength(1);
		expect(env.sim.defaultProject().asks).toHaveLength(1);
	});
});
