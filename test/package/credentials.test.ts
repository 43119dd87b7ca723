import { testCredential } from '../harness';
import { bearerOf, useSimulator } from '../support/simulator-env';

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
