/**
 * Diagnostics in the REAL n8n app (each line), the packed package installed as n8n installs a
 * community package (issues 41 and 42):
 * - Check Service, run as the editor's "Execute workflow" does, against a simulator seeded for the
 *   probe on its default choices: one item per check of docs/assumptions.md, every guess `holds`
 *   except the one no request can decide, GET requests only, no key in the output.
 * - Explain Trigger through n8n's own public API, with an API key created in this n8n and n8n's
 *   `n8nApi` credential: an active workflow whose Review Collection Trigger (New Review, Score 5) polls
 *   the simulator. Both lines save the activation poll's state (n8n saves static data when it activates
 *   a workflow), so a review there before activation is `never` (before activation) at once; a review
 *   the filter withholds in polls that emit nothing is `unknown`, with why (n8n saved none of those
 *   polls); after a poll emits, the reviews it delivered are `fired` (and the execution n8n lists has
 *   them), the filtered ones `never` with the rule and the values.
 */
import fs from 'node:fs';
import path from 'node:path';

import { ApiSimulator } from '../simulator';
import type { SimProject } from '../simulator';
import { seedForProbe } from '../probe/seed';
import {
	createApiKey,
	createN8nApiCredential,
	createWorkflow,
	publicWorkflow,
} from './support/n8n-public-api';
import { documentedCheckCount } from './support/assumptions';
import {
	CHECK_WORKFLOW,
	TRIGGER_WORKFLOW,
	checkWorkflow,
	explainWorkflow,
	probeCredential,
	triggerWorkflow,
} from './support/diagnostics-workflows';
import { until } from './support/waits';

const n8n = require('../../scripts/n8n/n8n-app');
const stack = require('../../scripts/e2e/stack');

type Json = Record<string, any>;

let sim: ApiSimulator;
let probeSim: ApiSimulator;
let probeProject: SimProject;
let folder: Json | undefined;
let server: Json | undefined;
let cookie: string;
let apiKey: string;
let n8nApi: { id: string; name: string };
let existing: number;
/** A score-3 review read only by polls that emitted nothing. */
let quiet: number;

/** The items each named node output in a finished manual run. */
function outputs(run: Json, node: string): Json[] {
	const task = run.data.resultData.runData[node]?.[0];
	if (!task)
		throw new Error(
			`node "${node}" did not run: ${JSON.stringify(run.data.resultData.error ?? {})}`,
		);
	return (task.data?.main?.[0] ?? []).map((item: Json) => item.json);
}

/** Creates and runs an Explain Trigger workflow; resolves each node's single output item. */
async function explain(records: Record<string, string>): Promise<Record<string, Json>> {
	const id = await createWorkflow(server!, cookie, explainWorkflow(records, n8nApi));
	const { status, run } = await stack.runManually(server, cookie, id, 'Run');
	expect({ status, error: run.data.resultData.error?.message }).toEqual({ status: 'success' });
	const answers: Record<string, Json> = {};
	for (const name of Object.keys(records)) {
		const items = outputs(run, name);
		expect(items).toHaveLength(1);
		answers[name] = items[0];
	}
	const text = JSON.stringify(run.data.resultData.runData);
	for (const key of [apiKey, sim.defaultProject().key]) expect(text).not.toContain(key);
	return answers;
}

beforeAll(async () => {
	sim = await ApiSimulator.start();
	probeSim = await ApiSimulator.start({ seed: false });
	probeProject = seedForProbe(probeSim);
	// A five-star review there before the workflow is activated.
	existing = sim.addReview(sim.defaultProject().id, { score: 5, review: 'Been here before.' }).id;
	folder = await n8n.createUserFolder({ install: n8n.ensureInstalled({ quiet: true }) });
	const tarball = n8n.packPackage(stack.REPO);
	n8n.installCommunityPackage(folder, tarball);
	fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	await n8n.importCredentials(folder, [
		{
			...stack.CREDENTIALS.project,
			data: { baseUrl: sim.baseUrl, apiKey: sim.defaultProject().key },
		},
		{ ...probeCredential, data: { baseUrl: probeSim.baseUrl, apiKey: probeSim.agencyKey } },
	]);
	await n8n.importWorkflow(folder, [triggerWorkflow, checkWorkflow(probeProject)]);
	await n8n.activateWorkflow(folder, TRIGGER_WORKFLOW);
	server = await n8n.startServer(folder, {
		env: { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true' },
	});
	({ cookie } = await n8n.setupOwner(server));
	apiKey = await createApiKey(server!, cookie);
	n8nApi = await createN8nApiCredential(server!, cookie, apiKey);
});

afterAll(async () => {
	if (server) await n8n.stopServer(server);
	await sim?.stop();
	await probeSim?.stop();
	if (folder) n8n.removeUserFolder(folder);
});

const reviewListReads = () =>
	sim.requests.filter((r) => r.method === 'GET' && r.path === '/project/reviews').length;

describe(`Diagnostics in n8n ${process.env.N8N_APP_VERSION}`, () => {
	it('Check Service: one item per documented check, every guess holds but the one no request decides', async () => {
		const documented = documentedCheckCount();
		expect(documented).toBeGreaterThan(40);
		const { status, run } = await stack.runManually(server, cookie, CHECK_WORKFLOW, 'Run');
		expect({ status, error: run.data.resultData.error?.message }).toEqual({ status: 'success' });
		const items = outputs(run, 'Check Service');
		expect(items).toHaveLength(documented);
		for (const item of items)
			expect(Object.keys(item).sort()).toEqual(['check', 'detail', 'setting', 'verdict']);
		const notHolding = items.filter((item) => item.verdict !== 'holds');
		expect(notHolding.map(({ check, verdict }) => ({ check, verdict }))).toEqual([
			{ check: 'reply.replied-at', verdict: 'not checked' },
		]);
		expect(probeSim.requests.length).toBeGreaterThan(documented);
		expect(probeSim.requests.filter((r) => r.method !== 'GET')).toEqual([]);
		const text = JSON.stringify(run.data.resultData.runData);
		for (const key of [probeSim.agencyKey, probeProject.key]) expect(text).not.toContain(key);
	});

	it('Explain Trigger before any poll has emitted: the activation poll n8n saved, and what a poll that emitted nothing leaves unknown', async () => {
		// Both lines save the workflow's static data when they activate it: the activation poll's state.
		const savedState = async () =>
			(await publicWorkflow(server!, apiKey, TRIGGER_WORKFLOW)).staticData?.['node:New Review'];
		await until("the activation poll's state in n8n's API", savedState);
		const { Existing } = await explain({ Existing: String(existing) });
		expect(Existing.workflow).toEqual({
			id: TRIGGER_WORKFLOW,
			name: triggerWorkflow.name,
			active: true,
		});
		expect(Existing.trigger).toMatchObject({
			node: 'New Review',
			event: 'newReview',
			scope: 'One Project',
			activatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		});
		const activatedAt = Existing.trigger.activatedAt;
		expect(Existing.lastPoll.at).toBe(activatedAt);
		expect(Existing.projects).toEqual([
			expect.objectContaining({
				fired: { count: 0, last: [] },
				never: {
					beforeStart: expect.objectContaining({ lastIds: expect.arrayContaining([existing]) }),
				},
			}),
		]);
		expect(Existing.record).toMatchObject({ id: existing, verdict: 'never' });
		expect(Existing.record.reason).toContain(`created before activation at ${activatedAt}`);

		// A review the filter withholds: the polls that read it emit nothing, and n8n saves none of them.
		quiet = sim.addReview(sim.defaultProject().id, { score: 3, review: 'Quiet.' }).id;
		const reads = reviewListReads();
		await until('two polls after the quiet review', () => reviewListReads() >= reads + 2, 120_000);
		expect((await savedState()).account.polled).toBe(Date.parse(activatedAt) / 1000);
		const { Quiet } = await explain({ Quiet: String(quiet) });
		expect(Quiet.lastPoll.at).toBe(activatedAt);
		expect(Quiet.record).toMatchObject({ id: quiet, verdict: 'unknown' });
		expect(Quiet.record.reason).toContain('No saved poll has read it');
		expect(Quiet.record.reason).toContain(
			'Polls that emitted nothing since may have read it without being saved',
		);
	});

	it('Explain Trigger after a poll emitted: fired, never (the filter), never (before activation)', async () => {
		const project = sim.defaultProject();
		const fired = [
			sim.addReview(project.id, { score: 5, review: 'Crisp crust!' }).id,
			sim.addReview(project.id, { score: 5, review: 'Best rye in town.' }).id,
		];
		const filtered = sim.addReview(project.id, { score: 3, review: 'Fine.' }).id;
		// The poll that emits both is saved: wait for n8n's API to show it.
		await until('the emitting poll saved', async () => {
			const saved = await publicWorkflow(server!, apiKey, TRIGGER_WORKFLOW);
			return JSON.stringify(saved.staticData ?? {}).includes(`[${fired[1]},`);
		});
		const answers = await explain({
			Stand: '',
			'First fired': String(fired[0]),
			'Second fired': String(fired[1]),
			Filtered: String(filtered),
			Quiet: String(quiet),
			Existing: String(existing),
		});
		expect(answers.Stand.record).toBeUndefined();
		expect(answers.Stand.lastPoll.at).toMatch(/^\d{4}-\d\d-\d\dT/);
		expect(answers.Stand.projects).toEqual([
			expect.objectContaining({
				fired: { count: 2, last: fired.map((id) => ({ id, at: expect.any(String) })) },
				// The quiet review too: the emitting poll saved what the unsaved polls had withheld.
				never: expect.objectContaining({ filter: { count: 2, lastIds: [quiet, filtered] } }),
			}),
		]);
		for (const [i, name] of ['First fired', 'Second fired'].entries()) {
			expect(answers[name].record).toMatchObject({
				id: fired[i],
				verdict: 'fired',
				firedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			});
			expect(answers[name].record.reason).toMatch(/^It fired: the poll at \d{4}-/);
		}
		expect(answers.Filtered.record).toMatchObject({ id: filtered, verdict: 'never' });
		expect(answers.Filtered.record.reason).toContain('score 3, filter Score 5');
		expect(answers.Quiet.record).toMatchObject({ id: quiet, verdict: 'never' });
		expect(answers.Existing.record).toMatchObject({ id: existing, verdict: 'never' });
		expect(answers.Existing.record.reason).toMatch(/created before activation at \d{4}-\d\d-\d\dT/);
		// What the operation says fired is what n8n ran: one execution, with the two five-star reviews.
		const listed = await n8n.request(
			server,
			'GET',
			`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: TRIGGER_WORKFLOW }))}`,
			{ cookie },
		);
		const runs = (listed.body?.data?.results ?? listed.body?.data ?? []) as Json[];
		expect(runs.map((r) => r.status)).toEqual(['success']);
		const ran = await n8n.request(server, 'GET', `/rest/executions/${runs[0].id}`, { cookie });
		const data = stack.decodeExecutionData(ran.body.data.data);
		expect(outputs({ data }, 'Done').map((review) => review.id)).toEqual(fired);
	});
});
