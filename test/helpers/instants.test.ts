import { NodeOperationError } from 'n8n-workflow';
import type { INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../harness/simulator-env';

/**
 * Issue 12.5: instants are integer Unix seconds or an ISO 8601 / RFC 3339 date-time of at most 50
 * characters that names a real calendar moment; date filters are real `YYYY-MM-DD` dates. Anything else
 * fails before a request, naming the field and the item. Same rule for every instant field.
 */
const env = useSimulator();

const INSTANT_FIELDS: Array<[string, (value: string | number) => INodeParameters]> = [
	[
		'Charged At',
		(v: string | number) => ({
			resource: 'charge',
			operation: 'create',
			amount: 100,
			currency: 'USD',
			additionalFields: { email: 'a@example.com', chargedAt: v },
		}),
	],
	[
		'Created At',
		(v: string | number) => ({
			resource: 'review',
			operation: 'create',
			score: 5,
			additionalFields: { createdAt: v },
		}),
	],
	[
		'Signed Up At',
		(v: string | number) => ({
			resource: 'customer',
			operation: 'create',
			additionalFields: { email: 'b@example.com', signedUpAt: v },
		}),
	],
	[
		'Asked At',
		(v: string | number) => ({
			resource: 'ask',
			operation: 'create',
			channels: ['email'],
			email: 'c@example.com',
			phone: '',
			additionalFields: { askedAt: v },
		}),
	],
];

const NOT_INSTANTS = [
	'Review 12',
	'hello 1',
	'-5',
	'2026-02-30T10:00:00Z',
	'2026-13-01T10:00:00Z',
	'2026-11-22T25:00:00Z',
	'2026-11-22T10:61:00Z',
	'2026-11-22T10:00:00+25:00',
	'Sun, 22 Nov 2026 10:00:00 GMT',
	'2026-11-22T10:00:00Z and more',
	'1.5',
	-5,
	1.5,
];
const INSTANTS = [
	'2026-11-22T10:00:00Z',
	'2026-11-22T10:00:00.123+01:00',
	'2026-11-22 10:00',
	'2024-02-29T00:00:00Z',
	'2026-11-22',
	1763700000,
	'1763700000',
];

describe.each(INSTANT_FIELDS)('%s', (field, parameters) => {
	it.each(NOT_INSTANTS)(
		'refuses %p before any request, naming the field and the item',
		async (value) => {
			const { error } = await env.run(
				parameters(
					`=${typeof value === 'string' ? value : `{{ ${value} }}`}`.replace(/^=(?!\{)/, ''),
				),
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toMatch(new RegExp(`${field}.*item 0|item 0.*${field}`, 'i'));
			expect(env.sim.requests).toEqual([]);
		},
	);

	it.each(INSTANTS)('accepts %p and sends it', async (value) => {
		const { error } = await env.run(parameters(value));
		expect(error).toBeUndefined();
		expect(env.sim.requests.length).toBeGreaterThan(0);
	});
});

describe('date filters', () => {
	it.each(['2026-02-30', '2026-11-22Tgarbage', '22/11/2026', 'yesterday'])(
		'Date From %p is refused before any request',
		async (value) => {
			const { error } = await env.run({
				resource: 'review',
				operation: 'getAll',
				returnAll: false,
				limit: 1,
				filters: { dateFrom: value },
			});
			expect(error?.message).toMatch(/Date From.*item 0|item 0.*Date From/i);
			expect(env.sim.requests).toEqual([]);
		},
	);

	it.each([
		['2026-11-22', '2026-11-22'],
		['2026-11-22T10:00:00+01:00', '2026-11-22'],
	])('Date From %p is sent as %p', async (value, sent) => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: false,
			limit: 1,
			filters: { dateFrom: value },
		});
		expect(error).toBeUndefined();
		expect(env.sim.requests[0].query.date_from).toBe(sent);
	});
});
