/**
 * Agency-key mode: the project key read through the agency credential is only ever used with that
 * credential and its base URL. Editing the credential (another host) or picking another agency
 * credential makes the next poll read the key anew through the credential it now has.
 */
import { ApiSimulator } from '../simulator';
import { bearerOf, byId, useSimulator } from '../harness/simulator-env';
import { createPoller } from '../harness';
import { addRecords, idsOf } from '../harness/trigger-pollers';

const env = useSimulator();
let other: ApiSimulator;
beforeAll(async () => {
	other = await ApiSimulator.start();
});
afterAll(async () => {
	await other.stop();
});
beforeEach(() => other.reset());

function agencyPoller() {
	const project = env.sim.defaultProject();
	return createPoller({
		parameters: { event: 'newReview', authentication: 'agencyKey', projectId: byId(project.id) },
		credentials: env.agencyCredentials(),
	});
}

describe('agency key: the cached project key belongs to its credential and base URL', () => {
	it('after the credential moves to another host, the old project key is never sent there', async () => {
		const poller = agencyPoller();
		await poller.poll();
		expect(await poller.poll()).toBeNull();
		const oldKey = env.sim.defaultProject().key;

		poller.editCredential('reviewCollectionAgencyApi', {
			baseUrl: other.baseUrl,
			apiKey: other.agencyKey,
		});
		await poller.poll();

		const seen = other.requests.filter((r) => r.path === '/project/reviews');
		expect(seen.length).toBeGreaterThan(0);
		expect(seen.every((r) => bearerOf(r) === other.defaultProject().key)).toBe(true);
		expect(other.requests.some((r) => bearerOf(r) === oldKey)).toBe(false);
		expect(
			other.requests.filter((r) => r.path === `/agency/projects/${other.defaultProject().id}/key`),
		).toHaveLength(1);
	});

	it('picking another agency credential reads the key through it, even on the same host', async () => {
		const poller = agencyPoller();
		await poller.poll();
		const reads = () =>
			env.requests('GET', `/agency/projects/${env.sim.defaultProject().id}/key`).length;
		expect(reads()).toBe(1);

		poller.editCredential(
			'reviewCollectionAgencyApi',
			env.agencyCredentials().reviewCollectionAgencyApi,
			'another-agency-credential',
		);
		const fresh = addRecords(env, 'newReview', 1);
		const output = await poller.poll();

		expect(reads()).toBe(2);
		// Another credential is another scope: it starts afresh (silent), like a new activation.
		expect(idsOf(output)).toEqual([]);
		expect(fresh).toHaveLength(1);
		expect(JSON.stringify(poller.staticData())).not.toContain(env.sim.defaultProject().key);
	});
});

/**
 * Issue 42: a project-key read that failed (a 5xx, a dropped connection) is not remembered between
 * polls (transport/credentials.ts): the next poll reads the key again and goes on; a key read that
 * succeeded is kept, so an idle poll stays at one request.
 */
describe('agency key: a failed project-key read is not remembered', () => {
	it.each([
		['One Project, HTTP 500', false, { kind: 'status', status: 500 } as const],
		['All Projects, HTTP 500', true, { kind: 'status', status: 500 } as const],
		['All Projects, a dropped connection', true, { kind: 'drop' } as const],
	])('%s on the key read: the next poll reads it again', async (_name, all, fault) => {
		const project = env.sim.defaultProject();
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				authentication: 'agencyKey',
				requestOptions: { maxRetries: 0 },
				...(all ? { projectScope: 'all' } : { projectId: byId(project.id) }),
			},
			credentials: env.agencyCredentials(),
		});
		const keyPath = `/agency/projects/${project.id}/key`;
		const reads = () => env.requests('GET', keyPath).length;
		const listed = () => env.requests('GET', '/project/reviews').length;
		env.sim.injectFault({ method: 'GET', path: keyPath, fault });

		await poller.poll().catch(() => null);
		expect(reads()).toBe(1);
		expect(listed()).toBe(0);

		expect(await poller.poll()).toBeNull();
		expect(reads()).toBe(2);
		expect(listed()).toBeGreaterThan(0);
		const fresh = addRecords(env, 'newReview', 2);
		expect(idsOf(await poller.poll())).toEqual(fresh);
		expect(reads()).toBe(2);
	});
});
