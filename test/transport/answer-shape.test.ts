import { NodeApiError } from 'n8n-workflow';
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import type { HostileServer } from '../harness/hostile-server';
import { envelope, startHostileServer } from '../harness/hostile-server';

/**
 * Issue 12.6: an operation that answers one record gets something else in `data` (a string, a list, a
 * number). That is a NodeApiError naming the request and its HTTP code, never a raw JavaScript error and
 * never output items whose `json` is not a record. (Lists: test/transport/paging-bound.test.ts.)
 */
let data: unknown;
let service: HostileServer;

beforeAll(async () => {
	service = await startHostileServer(() => ({ body: envelope(data) }));
});
afterAll(async () => await service.close());

const OPERATIONS: Array<[string, string, INodeParameters]> = [
	['POST /project/reviews', 'review create', { resource: 'review', operation: 'create', score: 5 }],
	[
		'GET /project/customers/7',
		'customer get',
		{ resource: 'customer', operation: 'get', customerId: { __rl: true, mode: 'id', value: '7' } },
	],
	[
		'POST /agency/projects',
		'project create',
		{ resource: 'project', operation: 'create', name: 'Acme Two' },
	],
];

describe.each(OPERATIONS)('%s (%s)', (request, _name, parameters) => {
	it.each<[string, unknown]>([
		['a string', 'created'],
		['a list', [{ id: 1 }, { id: 2 }]],
		['a number', 7],
	])(
		'answered with %s where a record is expected: a clear error, no items',
		async (_what, value) => {
			data = value;
			const { error, items } = await runNode({
				parameters,
				credentials: {
					reviewCollectionProjectApi: { baseUrl: service.url, apiKey: 'project-key-0123456789' },
					reviewCollectionAgencyApi: { baseUrl: service.url, apiKey: 'agency-key-0123456789' },
				},
			});
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error?.message).toBe(
				`The service's answer to ${request} (HTTP 200) has an unexpected shape: "data" is ${_what}, not a record`,
			);
			expect(items).toEqual([]);
		},
	);
});
