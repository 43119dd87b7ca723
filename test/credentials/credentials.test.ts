import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { defaultRegistry, testCredential } from '../harness';
import { bearerOf, useSimulator } from '../harness/simulator-env';

/** Credential tests run as the n8n app runs them: the `test` request through RoutingNode, with `authenticate` applied. */
const env = useSimulator();

describe('credential tests', () => {
	it.each([
		['reviewCollectionAgencyApi', '/agency/projects', () => env.sim.agencyKey],
		['reviewCollectionProjectApi', '/project/sources', () => env.sim.defaultProject().key],
	])('%s passes with the right key (GET %s, Bearer)', async (credentialType, path, key) => {
		const result = await testCredential({
			credentialType,
			data: { baseUrl: `${env.sim.baseUrl}//`, apiKey: key() },
		});

		expect(result).toEqual(expect.objectContaining({ status: 'OK' }));
		const [request] = env.sim.requests;
		expect(request.method).toBe('GET');
		expect(request.path).toBe(path);
		expect(bearerOf(request)).toBe(key());
	});

	it.each([
		['reviewCollectionAgencyApi', () => env.sim.defaultProject().key],
		['reviewCollectionProjectApi', () => env.sim.agencyKey],
	])('%s fails with a key of the other kind', async (credentialType, key) => {
		const result = await testCredential({
			credentialType,
			data: { baseUrl: env.sim.baseUrl, apiKey: key() },
		});

		expect(result.status).toBe('Error');
		expect(env.sim.requests[0].status).toBe(401);
	});
});

/** A server on 127.0.0.1 that records what it receives and answers with `reply` (status, headers, body). */
async function startServer(
	reply: (url: string) => { status: number; headers?: Record<string, string>; body?: string },
) {
	const received: Array<{ url: string; authorization?: string }> = [];
	const server = createServer((req, res) => {
		received.push({ url: req.url ?? '', authorization: req.headers.authorization });
		const { status, headers = {}, body = '' } = reply(req.url ?? '');
		res.writeHead(status, headers);
		res.end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		received,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('credential tests say what to fix', () => {
	const credentialTypes = ['reviewCollectionAgencyApi', 'reviewCollectionProjectApi'];

	it.each([
		['reviewCollectionAgencyApi', /agency's API key/],
		['reviewCollectionProjectApi', /project's secret key/],
	])('%s with a wrong key: names the key to check, never the key', async (credentialType, hint) => {
		const result = await testCredential({
			credentialType,
			data: { baseUrl: env.sim.baseUrl, apiKey: 'wrong-key-123' },
		});

		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/refused the API key \(401\)/);
		expect(result.message).toMatch(hint);
		expect(result.message).not.toContain('wrong-key-123');
	});

	it.each(
		credentialTypes.flatMap((type) =>
			['/project', '/agency/', '/api/v1'].map((suffix) => [type, suffix]),
		),
	)(
		'%s with a base URL ending in %s: says Base URL must be the service root',
		async (credentialType, suffix) => {
			const key =
				credentialType === 'reviewCollectionAgencyApi'
					? env.sim.agencyKey
					: env.sim.defaultProject().key;
			const result = await testCredential({
				credentialType,
				data: { baseUrl: `${env.sim.baseUrl}${suffix}`, apiKey: key },
			});

			expect(result.status).toBe('Error');
			expect(result.message).toMatch(
				/Base URL must be the root of the Review Collection service, without \/agency or \/project/,
			);
		},
	);

	it.each([
		[
			'a web page (200, HTML)',
			{
				status: 200,
				headers: { 'content-type': 'text/html' },
				body: '<html><body>Welcome</body></html>',
			},
		],
		[
			'another JSON API (200)',
			{ status: 200, headers: { 'content-type': 'application/json' }, body: '{"items":[]}' },
		],
		[
			'another server (404)',
			{ status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' },
		],
	])('a host that is not the service, answering %s: says so', async (_what, answer) => {
		const other = await startServer(() => answer);
		try {
			for (const credentialType of credentialTypes) {
				const result = await testCredential({
					credentialType,
					data: { baseUrl: other.url, apiKey: 'some-key' },
				});
				expect({ credentialType, status: result.status }).toEqual({
					credentialType,
					status: 'Error',
				});
				expect(result.message).toMatch(/Base URL .*root of the Review Collection service/);
			}
		} finally {
			await other.close();
		}
	});

	it.each(credentialTypes)(
		'%s never follows a redirect with the key to another origin',
		async (credentialType) => {
			const elsewhere = await startServer(() => ({
				status: 200,
				headers: { 'content-type': 'application/json' },
				body: '{"success":true,"data":[]}',
			}));
			const redirecting = await startServer((url) => ({
				status: 302,
				headers: { location: `${elsewhere.url}${url}` },
			}));
			try {
				const result = await testCredential({
					credentialType,
					data: { baseUrl: redirecting.url, apiKey: 'secret-key-777' },
				});

				expect(result.status).toBe('Error');
				expect(result.message).toMatch(
					/Base URL redirects elsewhere \(HTTP 302\); the key is not sent on/,
				);
				expect(result.message).not.toContain('secret-key-777');
				expect(redirecting.received).toHaveLength(1);
				expect(elsewhere.received).toEqual([]);
			} finally {
				await redirecting.close();
				await elsewhere.close();
			}
		},
	);
});

describe('credential choice as the n8n editor reads it', () => {
	/**
	 * n8n's editor (editor-ui nodeTypesUtils `getNodeAuthFields` / `getMainAuthField`, NDV
	 * `shouldDisplayNodeParameter`) takes every parameter named in a credential's `displayOptions.show`
	 * as a login setting: it hides it from the panel, and every parameter that one depends on. The
	 * browser test shows the effect (Resource gone); this is the rule it follows, checked on both nodes.
	 */
	it.each([
		'n8n-nodes-review-collection.reviewCollection',
		'n8n-nodes-review-collection.reviewCollectionTrigger',
	])('%s ties no credential to a parameter with displayOptions.show', (type) => {
		const description = defaultRegistry().nodeTypes.getByNameAndVersion(type, 1).description;
		const loginFieldNames = (description.credentials ?? []).flatMap((credential) =>
			Object.keys(credential.displayOptions?.show ?? {}),
		);
		expect(loginFieldNames).toEqual([]);
		expect(
			description.credentials?.map((credential) =>
				Object.keys(credential.displayOptions?.hide ?? {}),
			),
		).toEqual(expect.arrayContaining([expect.arrayContaining(['authentication'])]));
	});
});
