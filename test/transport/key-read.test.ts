import { runNode } from '../harness';
import type { HostileServer } from '../harness/hostile-server';
import { envelope, startHostileServer } from '../harness/hostile-server';

/**
 * Issue 12.2: the answer to a project-key read (GET /agency/projects/{id}/key, and its rotation) holds a
 * secret. An answer that is not the expected envelope (`data` a non-empty string) is an error that shows
 * none of it, and never becomes output such as `{ key: {} }`.
 */
const SECRET = 'leaked-project-secret-0123456789';
const AGENCY_KEY = 'agency-key-abcdef0123456789';

type Answer = { status?: number; body: unknown };
let keyAnswer: Answer;
let service: HostileServer;

beforeAll(async () => {
	service = await startHostileServer((request) => {
		if (request.path.endsWith('/key')) return keyAnswer;
		return {
			body: envelope([], {
				pagination: { current_page: 1, last_page: 1, per_page: 100, total: 0 },
			}),
		};
	});
});
afterAll(async () => await service.close());
beforeEach(() => (service.requests.length = 0));

const credentials = () => ({
	reviewCollectionProjectApi: { baseUrl: service.url, apiKey: 'unused-project-credential-key' },
	reviewCollectionAgencyApi: { baseUrl: service.url, apiKey: AGENCY_KEY },
});

const ODD_ANSWERS: Array<[string, Answer]> = [
	['plain text', { body: SECRET }],
	['a bare JSON string', { body: JSON.stringify(SECRET) }],
	['an envelope without data', { body: { success: true, code: 200, note: SECRET } }],
	['data an object', { body: envelope({ key: SECRET }) }],
	['data an empty string', { body: envelope('') }],
	['data a number', { body: envelope(12345) }],
	[
		'success false echoing the key',
		{
			status: 200,
			body: { success: false, code: 500, message: `bad key ${SECRET}`, data: SECRET },
		},
	],
];

const projectId = { __rl: true, mode: 'id', value: '7' };

describe.each(ODD_ANSWERS)('a key read answered with %s', (_what, answer) => {
	beforeEach(() => (keyAnswer = answer));

	it('agency-key mode: a clear error without the key, and no project request', async () => {
		const { error, items } = await runNode({
			parameters: {
				resource: 'review',
				operation: 'getAll',
				returnAll: true,
				authentication: 'agencyKey',
				projectId,
			},
			credentials: credentials(),
		});
		expect(items).toEqual([]);
		expect(`${error?.message} ${error?.description}`).toMatch(/key/i);
		expect(
			JSON.stringify({ message: error?.message, description: error?.description, error }),
		).not.toContain(SECRET);
		expect(service.requests.filter((r) => r.path.startsWith('/project/'))).toEqual([]);
	});

	it.each(['getKey', 'rotateKey'])(
		'Project → %s: an error without the key, never output',
		async (operation) => {
			const { error, items } = await runNode({
				parameters: { resource: 'project', operation, projectId },
				credentials: credentials(),
			});
			expect(items).toEqual([]);
			expect(`${error?.message} ${error?.description}`).toMatch(/key/i);
			expect(
				JSON.stringify({ message: error?.message, description: error?.description, error }),
			).not.toContain(SECRET);
		},
	);
});

it('a well-formed key read still works (the guard does not refuse a real key)', async () => {
	keyAnswer = { body: envelope(SECRET) };
	const { error, items } = await runNode({
		parameters: { resource: 'project', operation: 'getKey', projectId },
		credentials: credentials(),
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json)).toEqual([{ key: SECRET }]);
});
