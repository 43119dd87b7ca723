import type { INodeParameters } from 'n8n-workflow';

import { runListSearch, runNode } from '../harness';
import type { HostileServer } from '../harness/hostile-server';
import { envelope, startHostileServer } from '../harness/hostile-server';

/**
 * Issue 12.1: a key is sent only to the credential's Base URL. A service (or something pretending to be
 * it) that answers with a redirect to another origin must not get the key carried there: not by an
 * operation, a "From list" search, nor the agency key's read of a project key.
 */
const PROJECT_KEY = 'project-key-0123456789abcdef';
const AGENCY_KEY = 'agency-key-0123456789abcdef';
const PROJECT_SECRET_FROM_ELSEWHERE = 'elsewhere-project-key-abcdef';

let elsewhere: HostileServer;
let service: HostileServer;
let status = 302;

beforeAll(async () => {
	// Another origin that would happily answer as the service does.
	elsewhere = await startHostileServer((request) =>
		request.path.endsWith('/key')
			? { body: envelope(PROJECT_SECRET_FROM_ELSEWHERE) }
			: {
					body: envelope(request.method === 'GET' ? [{ id: 1, score: 5 }] : { id: 1 }, {
						pagination: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
					}),
				},
	);
	service = await startHostileServer((request) => ({
		status,
		headers: { Location: `${elsewhere.url}${request.path}?${request.query.toString()}` },
		body: '',
	}));
});
afterAll(async () => {
	await service.close();
	await elsewhere.close();
});
beforeEach(() => {
	elsewhere.requests.length = 0;
	service.requests.length = 0;
	status = 302;
});

const credentials = () => ({
	reviewCollectionProjectApi: { baseUrl: service.url, apiKey: PROJECT_KEY },
	reviewCollectionAgencyApi: { baseUrl: service.url, apiKey: AGENCY_KEY },
});

/** No request that reached the other origin carried a key. */
function expectNoKeyElsewhere() {
	const carried = elsewhere.requests.filter(
		(request) => request.headers.authorization !== undefined,
	);
	expect(carried.map((request) => `${request.method} ${request.path}`)).toEqual([]);
}

describe.each([301, 302, 303, 307, 308])('a %i redirect to another origin', (code) => {
	beforeEach(() => {
		status = code;
	});

	it.each<[string, INodeParameters]>([
		['a list (GET)', { resource: 'review', operation: 'getAll', returnAll: true }],
		['a create (POST)', { resource: 'review', operation: 'create', score: 5 }],
		[
			'a change (PUT)',
			{
				resource: 'review',
				operation: 'markReplied',
				reviewId: { __rl: true, mode: 'id', value: '7' },
				replied: true,
			},
		],
		['an agency call', { resource: 'project', operation: 'getAll', returnAll: true }],
		[
			'a key read with the agency key',
			{
				resource: 'review',
				operation: 'getAll',
				returnAll: true,
				authentication: 'agencyKey',
				projectId: { __rl: true, mode: 'id', value: '7' },
			},
		],
	])(
		'%s: the key is not sent there, and the error names the redirect',
		async (_what, parameters) => {
			const { error, items } = await runNode({ parameters, credentials: credentials() });

			expectNoKeyElsewhere();
			expect(items).toEqual([]);
			expect(error?.message).toMatch(
				new RegExp(
					`answered ${code} \\(a redirect to ${elsewhere.url.replace(/[.:/]/g, '\\$&')}\\)`,
				),
			);
			expect(error?.description).toMatch(/Base URL/);
			expect(JSON.stringify(error)).not.toContain(PROJECT_KEY);
			expect(JSON.stringify(error)).not.toContain(AGENCY_KEY);
		},
	);
});

it('a "From list" search that is redirected sends no key to the other origin', async () => {
	await expect(
		runListSearch({
			method: 'searchReviews',
			parameters: { resource: 'review', operation: 'reply' },
			credentials: credentials(),
		}),
	).rejects.toThrow(/a redirect to/);
	expectNoKeyElsewhere();
	expect(service.requests).toHaveLength(1);
});
