/**
 * Diagnostics → Check Service through n8n's engine against the simulator under every dialect: one item
 * per check (`check`, `verdict`, `detail`, `setting`), `differs` for exactly the dialect's differences,
 * GET requests only, with either authentication, and no key in any field.
 */
import { NodeApiError } from 'n8n-workflow';

import { NODE_UNDER_TEST_NAME, runNode } from '../../harness';
import { bearerOf, byId } from '../../harness/simulator-env';
import { NEVER_ISSUED } from '../../../nodes/ReviewCollection/actions/diagnostics/probe/context';
import { ApiSimulator } from '../../simulator';
import type { SimProject } from '../../simulator';
import { DIALECTS } from '../../simulator/dialect';
import { EXPECTED_DIFFERS, NEVER_CHECKED } from '../../probe/expected';
import { seedForProbe } from '../../probe/seed';

const CHECK = { resource: 'diagnostics', operation: 'checkService' };

async function withSimulator<T>(
	dialect: string,
	body: (sim: ApiSimulator, project: SimProject) => Promise<T>,
): Promise<T> {
	const sim = await ApiSimulator.start({ dialect, seed: false });
	try {
		return await body(sim, seedForProbe(sim));
	} finally {
		await sim.stop();
	}
}

const credentials = (sim: ApiSimulator, project: SimProject) => ({
	reviewCollectionProjectApi: { baseUrl: sim.baseUrl, apiKey: project.key },
	reviewCollectionAgencyApi: { baseUrl: `${sim.baseUrl}/`, apiKey: sim.agencyKey },
});

const ofVerdict = (items: Array<{ json: Record<string, unknown> }>, verdict: string) =>
	items
		.filter((item) => item.json.verdict === verdict)
		.map((item) => String(item.json.check))
		.sort();

describe.each(DIALECTS.map((d) => d.name))('Check Service against dialect %s', (dialect) => {
	it('outputs one item per check, differs for exactly the dialect, GET only, no key', async () => {
		await withSimulator(dialect, async (sim, project) => {
			const { items, error } = await runNode({
				parameters: { ...CHECK, authentication: 'agencyKey', projectId: byId(project.id) },
				credentials: credentials(sim, project),
			});
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(40);
			for (const item of items) {
				expect(Object.keys(item.json).sort()).toEqual(['check', 'detail', 'setting', 'verdict']);
				expect(item.pairedItem).toEqual({ item: 0 });
			}
			expect(ofVerdict(items, 'differs')).toEqual([...EXPECTED_DIFFERS[dialect]].sort());
			const allowed = [
				...NEVER_CHECKED,
				...(dialect === 'other-names' ? ['message.status-values'] : []),
			];
			expect(ofVerdict(items, 'not checked')).toEqual(allowed.sort());
			for (const item of items.filter((i) => i.json.verdict === 'differs'))
				expect(item.json.setting).toMatch(
					/Options → Query Parameters|nothing to set|report|Filters → Facet/,
				);
			const output = JSON.stringify(items);
			for (const key of [project.key, sim.agencyKey]) expect(output).not.toContain(key);
			expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([]);
			// Each request carries the key its check asked for, through the credential.
			const bearers = new Set(sim.requests.map(bearerOf));
			expect([...bearers].sort()).toEqual([NEVER_ISSUED, project.key, sim.agencyKey].sort());
		});
	});
});

it('with the project key: the agency rows are not checked and say why, nothing else changes', async () => {
	await withSimulator('guesses', async (sim, project) => {
		const { items, error, run } = await runNode({
			parameters: { ...CHECK, authentication: 'projectKey' },
			credentials: {
				reviewCollectionProjectApi: credentials(sim, project).reviewCollectionProjectApi,
			},
		});
		expect(error).toBeUndefined();
		expect(ofVerdict(items, 'differs')).toEqual([]);
		expect(ofVerdict(items, 'not checked')).toEqual(
			['client.roles', 'error.bad-agency-key', ...NEVER_CHECKED].sort(),
		);
		// The counts as n8n's execution hint.
		const task = run.data.resultData.runData[NODE_UNDER_TEST_NAME][0];
		expect(task.hints?.map((hint) => hint.message)).toEqual([
			expect.stringMatching(
				new RegExp(
					`^${items.length} checks: ${items.length - 3} hold, 0 differ, 3 not checked \\(${sim.requests.length} GET requests\\)`,
				),
			),
		]);
		const roles = items.find((item) => item.json.check === 'client.roles')!;
		expect(roles.json.detail).toContain('Agency Key');
		expect(sim.requests.every((r) => r.method === 'GET' && !r.path.startsWith('/agency'))).toBe(
			true,
		);
	});
});

it('a service that repeats the key in its messages: no key in any field', async () => {
	await withSimulator('other-errors', async (sim, project) => {
		sim.injectFault({
			path: '/project/reviews',
			fault: {
				kind: 'status',
				status: 422,
				body: { message: `Key ${project.key} may not sort like that`, errors: {} },
			},
			times: 100,
			skip: 8,
		});
		const { items, error } = await runNode({
			parameters: { ...CHECK, authentication: 'agencyKey', projectId: byId(project.id) },
			credentials: credentials(sim, project),
		});
		expect(error).toBeUndefined();
		expect(sim.requests.some((r) => r.status === 422 && r.path === '/project/reviews')).toBe(true);
		expect(JSON.stringify(items)).toContain('[key]');
		for (const key of [project.key, sim.agencyKey])
			expect(JSON.stringify(items)).not.toContain(key);
	});
});

it('a refused project key: an error that names it, no key, and Continue On Fail gives the error item', async () => {
	await withSimulator('guesses', async (sim, project) => {
		const wrong = 'probe-wrong-key-7f3a9c';
		const parameters = { ...CHECK, authentication: 'projectKey' };
		const only = { reviewCollectionProjectApi: { baseUrl: sim.baseUrl, apiKey: wrong } };
		const failed = await runNode({ parameters, credentials: only });
		// As every operation's first request: the service's error, with the hint to check the credential.
		expect(failed.error).toBeInstanceOf(NodeApiError);
		expect((failed.error as NodeApiError).httpCode).toBe('401');
		expect(JSON.stringify(failed.error)).not.toContain(wrong);
		const kept = await runNode({ parameters, credentials: only, continueOnFail: true });
		expect(kept.items).toHaveLength(1);
		expect(kept.items[0].json.error).toMatch(/401/);
		expect(sim.requests.every((r) => r.method === 'GET')).toBe(true);
		expect(project.key).not.toBe(wrong);
	});
});
