/**
 * Proves the harness runs nodes in n8n's real engine, with fixture nodes and credentials and a real
 * HTTP server on 127.0.0.1: if these pass, a failure in a node test is the node's, not the harness's.
 */
import { NodeApiError } from 'n8n-workflow';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FixtureApi } from '../harness/fixtures/FixtureApi.credentials';
import { FIXTURE_PNG, FixtureBinary } from '../harness/fixtures/FixtureBinary.node';
import { FixtureFunctionAuthApi } from '../harness/fixtures/FixtureFunctionAuthApi.credentials';
import { FixtureHttp } from '../harness/fixtures/FixtureHttp.node';
import { FixturePoll } from '../harness/fixtures/FixturePoll.node';
import type { RecordingServer } from '../harness/fixtures/recording-server';
import { startRecordingServer } from '../harness/fixtures/recording-server';
import {
	HarnessRegistry,
	createPoller,
	defaultRegistry,
	readBinary,
	runNode,
	testCredential,
} from '../harness/index';

const GOOD_KEY = 'good-key-123';

let server: RecordingServer;
const registry = new HarnessRegistry(
	[FixtureHttp, FixturePoll, FixtureBinary],
	[FixtureApi, FixtureFunctionAuthApi],
);
const credentials = () => ({ fixtureApi: { baseUrl: server.url, apiKey: GOOD_KEY } });

beforeAll(async () => {
	server = await startRecordingServer(({ url, headers }) => {
		const path = url.split('?')[0];
		if (path === '/missing') return { status: 404, body: { message: 'Not here' } };
		if (path === '/me' || path === '/events') {
			return headers.authorization === `Bearer ${GOOD_KEY}`
				? { body: { ok: true, events: [1, 2] } }
				: { status: 401, body: { message: 'Unauthorized' } };
		}
		return { body: { path } };
	});
});
afterAll(async () => await server.close());
beforeEach(() => server.requests.splice(0));

describe('runNode (WorkflowExecute)', () => {
	test('generic authenticate block reaches the server; one request per item; pairedItem kept', async () => {
		const result = await runNode({
			registry,
			nodeType: 'fixtureHttp',
			parameters: { baseUrl: server.url },
			credentials: credentials(),
			input: [{ path: '/a' }, { path: '/b' }, { json: { path: '/c' } }],
		});

		expect(result.error).toBeUndefined();
		expect(server.requests.map((request) => request.url)).toEqual([
			'/a?region=eu',
			'/b?region=eu',
			'/c?region=eu',
		]);
		for (const request of server.requests)
			expect(request.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
		expect(result.items).toEqual([
			{ json: { path: '/a' }, pairedItem: { item: 0 } },
			{ json: { path: '/b' }, pairedItem: { item: 1 } },
			{ json: { path: '/c' }, pairedItem: { item: 2 } },
		]);
		expect(result.run.status).toBe('success');
	});

	test('function-style authenticate is applied too', async () => {
		await runNode({
			registry,
			nodeType: 'fixtureHttp',
			parameters: { baseUrl: server.url, authentication: 'function' },
			credentials: { fixtureFunctionAuthApi: { token: 'fn-token' } },
		});
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].headers['x-token']).toBe('fn-token');
		// Called as a method of the credential type, as the app's CredentialsHelper does.
		expect(server.requests[0].headers['x-credential']).toBe('fixtureFunctionAuthApi');
	});

	test('a NodeApiError ends the run and is returned as the real instance', async () => {
		const result = await runNode({
			registry,
			nodeType: 'fixtureHttp',
			parameters: { baseUrl: server.url },
			credentials: credentials(),
			input: [{ path: '/ok' }, { path: '/missing' }],
		});

		expect(result.error).toBeInstanceOf(NodeApiError);
		expect((result.error as NodeApiError).httpCode).toBe('404');
		expect(result.items).toEqual([]);
		expect(result.run.status).toBe('error');
		expect(result.run.data.resultData.error?.message).toBe(result.error?.message);
	});

	test('continueOnFail turns the failure into an error item and the run succeeds', async () => {
		const result = await runNode({
			registry,
			nodeType: 'fixtureHttp',
			parameters: { baseUrl: server.url },
			credentials: credentials(),
			input: [{ path: '/ok' }, { path: '/missing' }],
			continueOnFail: true,
		});

		expect(result.error).toBeUndefined();
		expect(result.run.status).toBe('success');
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json).toEqual({ path: '/ok' });
		expect(result.items[1]).toEqual({
			json: { error: 'The resource you are requesting could not be found' },
			pairedItem: { item: 1 },
		});
	});

	test('binary data from prepareBinaryData can be read back', async () => {
		const result = await runNode({ registry, nodeType: 'fixtureBinary', parameters: {} });

		const binary = result.items[0].binary?.data;
		expect(binary).toMatchObject({
			fileName: 'x.png',
			mimeType: 'image/png',
			fileExtension: 'png',
		});
		expect((await readBinary(result.items[0])).equals(FIXTURE_PNG)).toBe(true);
	});
});

describe('testCredential (RoutingNode, as the app credential tester)', () => {
	test('good key -> OK, with the Authorization header applied to the test request', async () => {
		const result = await testCredential({
			registry,
			credentialType: 'fixtureApi',
			data: credentials().fixtureApi,
		});

		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].url).toBe('/me?region=eu');
		expect(server.requests[0].headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
	});

	test('bad key (401) -> Error with a message', async () => {
		const result = await testCredential({
			registry,
			credentialType: 'fixtureApi',
			data: { baseUrl: server.url, apiKey: 'wrong' },
		});

		expect(result.status).toBe('Error');
		expect(result.message).toBe('Unauthorized');
		// n8n-core retries a 401 once after preAuthentication(credentialsExpired=true), as in the app.
		expect(server.requests).toHaveLength(2);
		for (const request of server.requests)
			expect(request.headers.authorization).toBe('Bearer wrong');
	});

	test('unreachable server -> Error with the network code', async () => {
		const closed = await startRecordingServer(() => ({}));
		await closed.close();
		const result = await testCredential({
			registry,
			credentialType: 'fixtureApi',
			data: { baseUrl: closed.url, apiKey: 'x' },
		});
		expect(result).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});
});

describe('createPoller (PollContext + PollTriggerExecutor)', () => {
	test('static data persists across polls, null means nothing, manual mode is distinguishable', async () => {
		const poller = createPoller({
			registry,
			nodeType: 'fixturePoll',
			parameters: { baseUrl: server.url },
			credentials: credentials(),
		});

		const first = await poller.poll();
		expect(first).toEqual([
			[{ json: { ok: true, events: [1, 2], count: 1, mode: 'trigger', activation: 'activate' } }],
		]);
		expect(poller.staticData().pollCount).toBe(1);
		// Round-tripped through JSON like the database: the Date came back as a string.
		expect(typeof poller.staticData().lastPollAt).toBe('string');

		expect(await poller.poll()).toBeNull();
		expect(poller.staticData().pollCount).toBe(2);

		const manual = await poller.poll('manual');
		expect(manual?.[0][0].json).toMatchObject({ mode: 'manual', activation: 'manual', count: 3 });
		// A manual run does not save static data in the app: the active workflow's data is unchanged.
		expect(poller.staticData().pollCount).toBe(2);

		expect((await poller.poll())?.[0][0].json.count).toBe(3);
		expect(server.requests).toHaveLength(4);
		for (const request of server.requests)
			expect(request.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);
	});

	test('without persistence static data keeps live objects; poll errors reject', async () => {
		const poller = createPoller({
			registry,
			nodeType: 'fixturePoll',
			parameters: { baseUrl: server.url },
			credentials: { fixtureApi: { baseUrl: server.url, apiKey: 'wrong' } },
			persistStaticData: false,
		});
		await expect(poller.poll()).rejects.toThrow();
		expect(poller.staticData().lastPollAt).toBeInstanceOf(Date);
	});
});

describe('HarnessRegistry.fromPackageDirectory (PackageDirectoryLoader)', () => {
	test('loads a built package from its package.json n8n section and runs its node', async () => {
		const packageRegistry = await HarnessRegistry.fromPackageDirectory(
			join(__dirname, '../harness/fixtures/package'),
		);
		expect(packageRegistry.packageName).toBe('n8n-nodes-harness-fixture');
		expect(packageRegistry.fullNodeType('echo')).toBe('n8n-nodes-harness-fixture.echo');

		const result = await runNode({
			registry: packageRegistry,
			nodeType: 'echo',
			parameters: {},
			input: [{ a: 1 }],
		});
		expect(result.items).toEqual([{ json: { a: 1, marker: 'echoed' }, pairedItem: { item: 0 } }]);
	});

	test('a wrong path in the n8n section fails loading', async () => {
		await expect(
			HarnessRegistry.fromPackageDirectory(join(__dirname, '../harness/fixtures/package-broken')),
		).rejects.toThrow(/Missing\.node\.js|Cannot find module/);
	});
});

test('the engine wrote its instance config into the temporary N8N_USER_FOLDER', () => {
	const userFolder = process.env.N8N_USER_FOLDER!;
	expect(userFolder.startsWith(tmpdir())).toBe(true);
	expect(existsSync(join(userFolder, '.n8n', 'config'))).toBe(true);
	expect(process.env.N8N_LOG_LEVEL).toBe('silent');
});

test('defaultRegistry names our nodes as n8n does and loads sources only on demand', () => {
	const ours = defaultRegistry();
	expect(ours.fullNodeType('reviewCollection')).toBe(
		'n8n-nodes-review-collection.reviewCollection',
	);
	expect(Object.keys(ours.nodeTypes.getKnownTypes())).toEqual([
		'n8n-nodes-review-collection.reviewCollection',
		'n8n-nodes-review-collection.reviewCollectionTrigger',
	]);
});
