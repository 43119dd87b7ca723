/**
 * Issue 30 defect 5 / contract §9 "Times without an offset", through the engine against the simulator:
 * an instant typed without an offset is read in the workflow's time zone (Settings → Time Zone, what
 * `this.getTimezone()` answers, as n8n's own nodes read it) and sent with that offset; Unix seconds and
 * values with an offset go out as they are. The syncs compare what they send.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../harness/simulator-env';
import { chargeSync } from './charge/sync-parameters';

const env = useSimulator();

const operations: Array<[string, (at: string | number) => INodeParameters, string]> = [
	[
		'charge → create, Charged At',
		(at) => ({
			resource: 'charge',
			operation: 'create',
			amount: 100,
			currency: 'USD',
			additionalFields: { email: 'tz@example.com', chargedAt: at },
		}),
		'charged_at',
	],
	[
		'ask → create, Asked At',
		(at) => ({
			resource: 'ask',
			operation: 'create',
			channels: ['email'],
			email: 'tz@example.com',
			additionalFields: { askedAt: at },
		}),
		'asked_at',
	],
	[
		'customer → create, Signed Up At',
		(at) => ({
			resource: 'customer',
			operation: 'create',
			additionalFields: { email: 'tz@example.com', signedUpAt: at },
		}),
		'signed_up_at',
	],
	[
		'review → create, Created At',
		(at) => ({
			resource: 'review',
			operation: 'create',
			score: 5,
			additionalFields: { email: 'tz@example.com', createdAt: at },
		}),
		'created_at',
	],
];

const sent = (field: string) => {
	const posts = env.requests('POST');
	expect(posts).toHaveLength(1);
	return (posts[0].body as IDataObject)[field];
};

describe('instants without an offset are read in the workflow time zone', () => {
	describe.each(operations)('%s', (_what, parameters, field) => {
		it.each([
			['Asia/Tokyo', '2030-01-01T09:00:00', '2030-01-01T09:00:00+09:00'],
			['America/New_York', '2030-07-01 09:00:00.250', '2030-07-01T09:00:00.250-04:00'],
			['America/New_York', '2030-01-01T09:00', '2030-01-01T09:00:00-05:00'],
			['Asia/Kolkata', '2030-01-01', '2030-01-01T00:00:00+05:30'],
			['Asia/Tokyo', '2030-01-01T09:00:00Z', '2030-01-01T09:00:00Z'],
			['Asia/Tokyo', '2030-01-01T09:00:00-02:00', '2030-01-01T09:00:00-02:00'],
			['Asia/Tokyo', 1893488400, 1893488400],
		])('in %s, %j is sent as %j', async (timezone, typed, expected) => {
			const { error } = await env.run(parameters(typed), { timezone });

			expect(error).toBeUndefined();
			expect(sent(field)).toEqual(expected);
		});
	});

	it('Skip If Already Recorded compares the instant read in the workflow time zone', async () => {
		const project = env.sim.defaultProject();
		const recorded = env.sim.addCharge(project.id, {
			email: 'tokyo@example.com',
			amount: 900,
			currency: 'JPY',
			charged_at: '2030-01-01T00:00:00Z',
		});
		env.sim.clearLog();
		const input = [
			{
				email: 'tokyo@example.com',
				phone: '',
				amount: 900,
				currency: 'JPY',
				paidAt: '2030-01-01T09:00:00',
			},
		];

		const { items, error } = await env.run(chargeSync(), { input, timezone: 'Asia/Tokyo' });

		expect(error).toBeUndefined();
		expect(env.requests('POST')).toHaveLength(0);
		expect(items[0].json).toMatchObject({ id: recorded.id, skipped: true });
	});
});
