/**
 * Issue 23.2, through the engine against the simulator: Ask → Create with "Skip If Asked Within (Days)"
 * (`options.skipIfAskedWithinDays`) sends no second review request to a customer asked recently.
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();
const DAY = 86400;

const ask = (parameters: INodeParameters, days: number | null = 7) => ({
	resource: 'ask',
	operation: 'create',
	channels: ['email'],
	email: '',
	phone: '',
	...(days === null ? {} : { options: { skipIfAskedWithinDays: days } }),
	...parameters,
});

/** Alice (alice@example.com, +15550100001) was last asked `days` ago (real clock: the node's "now"). */
function aliceAsked(days: number | null) {
	const alice = env.sim
		.defaultProject()
		.customers.items.find((c) => c.email === 'alice@example.com')!;
	alice.last_asked_at =
		days === null ? null : Math.floor(Date.now() / 1000) - Math.round(days * DAY);
	env.sim.clearLog();
	return alice;
}

describe('ask → create, Skip If Asked Within (Days)', () => {
	it('skips a customer asked within the window: no POST, outputs who and when', async () => {
		const alice = aliceAsked(2);
		const asks = env.sim.defaultProject().asks.length;

		const { items, error } = await env.run(ask({ email: 'alice@example.com' }));

		expect(error).toBeUndefined();
		expect(env.requests('POST')).toHaveLength(0);
		expect(env.sim.defaultProject().asks).toHaveLength(asks);
		expect(items).toEqual([
			{
				json: {
					skipped: true,
					customerId: alice.id,
					lastAskedAt: new Date(alice.last_asked_at! * 1000).toISOString(),
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it.each([
		['asked before the window', 8, 7],
		['never asked', null, 7],
		['asked yesterday, window of 0 days (off)', 1, 0],
	])('sends the request to a customer %s', async (_what, askedDaysAgo, window) => {
		aliceAsked(askedDaysAgo);
		const asks = env.sim.defaultProject().asks.length;

		const { items, error } = await env.run(ask({ email: 'alice@example.com' }, window));

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/asks')).toHaveLength(1);
		expect(env.sim.defaultProject().asks).toHaveLength(asks + 1);
		expect(items[0].json.skipped).toBeUndefined();
	});

	it('asks a customer the service does not know yet', async () => {
		const { items, error } = await env.run(ask({ email: 'newcomer@example.com' }));

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/asks')).toHaveLength(1);
		expect(items[0].json).toMatchObject({ email: 'newcomer@example.com' });
	});

	it('finds the customer by phone when there is no email', async () => {
		const alice = aliceAsked(1);

		const { items, error } = await env.run(ask({ channels: ['sms'], phone: '+15550100001' }));

		expect(error).toBeUndefined();
		expect(env.requests('POST')).toHaveLength(0);
		expect(items[0].json).toMatchObject({ skipped: true, customerId: alice.id });
	});

	it('finds the customer by phone when the email is not known to the service', async () => {
		const alice = aliceAsked(1);

		const { items, error } = await env.run(
			ask({ channels: ['email', 'sms'], email: 'alice.other@example.com', phone: '+15550100001' }),
		);

		expect(error).toBeUndefined();
		expect(env.requests('POST')).toHaveLength(0);
		expect(items[0].json).toMatchObject({ skipped: true, customerId: alice.id });
	});

	it('does not take a customer whose phone merely contains the digits asked for', async () => {
		aliceAsked(1);

		const { items, error } = await env.run(ask({ channels: ['sms'], phone: '555-0100' }));

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/asks')).toHaveLength(1);
		expect(items[0].json.skipped).toBeUndefined();
	});

	it('a second item for the same customer in one run is skipped after the first was asked', async () => {
		const { items, error } = await env.run(ask({ email: '={{ $json.email }}' }), {
			input: [{ email: 'dora@example.com' }, { email: 'dora@example.com' }],
		});

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/asks')).toHaveLength(1);
		expect(items[1].json).toMatchObject({ skipped: true });
	});

	it('with the option off nothing is looked up', async () => {
		aliceAsked(1);

		const { error } = await env.run(ask({ email: 'alice@example.com' }, null));

		expect(error).toBeUndefined();
		expect(env.sim.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /project/asks']);
	});

	it.each([[-1], [366], [2.5]])('refuses %j days before sending anything', async (days) => {
		const { error } = await env.run(ask({ email: 'alice@example.com' }, days));

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/Skip If Asked Within \(Days\) in item 0/);
		expect(env.sim.requests).toHaveLength(0);
	});
});
