/**
 * The packed package as a user of each n8n line meets it (jest.e2e.config.js runs this file once per
 * line): installed as n8n installs a community package, it loads — n8n logs a package that fails to
 * load without failing, so the server is asked which node and credential types it has — and its
 * trigger polls in an active workflow: the poll at activation sets the baseline (no old review is
 * delivered), a later scheduled poll delivers each new review once, to the next node. A second trigger
 * polls a service that chose otherwise where the spec is silent (issue 35: dialect strict-25 refuses
 * every duplicate facet value the package tries and gives pages of at most 25): no poll fails, and 60
 * new reviews are each delivered once.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { ApiSimulator } from '../simulator';

const n8n = require('../../scripts/n8n/n8n-app');
const stack = require('../../scripts/e2e/stack');

type Json = Record<string, any>;

const WORKFLOW_ID = 'rcCompatTrigger1';
const DIALECT_WORKFLOW_ID = 'rcCompatStrict25';
const credential = { id: stack.CREDENTIALS.project.id, name: stack.CREDENTIALS.project.name };
const strictCredential = { id: 'rcProjectStrict25', name: 'Review Collection (strict-25 service)' };
/** One poll every 15 s: n8n refuses sub-minute crons, so four minute crons at different seconds. */
const EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })),
};

/** New Review (polling) → Mark Replied: every delivered review leaves one PUT …/mark-replied. */
const triggerWorkflow = {
	id: WORKFLOW_ID,
	name: 'Compatibility: new reviews are marked replied',
	nodes: [
		{
			id: randomUUID(),
			name: 'New Review',
			type: `${stack.PACKAGE}.reviewCollectionTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: EVERY_15_SECONDS, event: 'newReview' },
			credentials: { reviewCollectionProjectApi: credential },
		},
		{
			id: randomUUID(),
			name: 'Mark Replied',
			type: `${stack.PACKAGE}.reviewCollection`,
			typeVersion: 1,
			position: [240, 0],
			parameters: {
				resource: 'review',
				operation: 'markReplied',
				replied: true,
				reviewId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			},
			credentials: { reviewCollectionProjectApi: credential },
		},
	],
	connections: { 'New Review': { main: [[{ node: 'Mark Replied', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

/** The same trigger and next node against the other service. */
const dialectWorkflow = {
	...triggerWorkflow,
	id: DIALECT_WORKFLOW_ID,
	name: 'Compatibility: a service that named things otherwise',
	nodes: triggerWorkflow.nodes.map((node) => ({
		...node,
		id: randomUUID(),
		credentials: { reviewCollectionProjectApi: strictCredential },
	})),
};

let sim: ApiSimulator;
let strict: ApiSimulator;
let folder: Json | undefined;
let server: Json | undefined;
let cookie: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, check: () => boolean, timeoutMs = 90_000) {
	for (const deadline = Date.now() + timeoutMs; !check(); await sleep(250)) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
	}
}
const reviewListReads = () =>
	sim.requests.filter((r) => r.method === 'GET' && r.path === '/project/reviews').length;
const markedReplied = (reviewId: number) =>
	sim.requests.filter(
		(r) => r.method === 'PUT' && r.path === `/project/reviews/${reviewId}/mark-replied`,
	).length;

beforeAll(async () => {
	sim = await ApiSimulator.start();
	strict = await ApiSimulator.start({ dialect: 'strict-25' });
	folder = await n8n.createUserFolder({ install: n8n.ensureInstalled({ quiet: true }) });
	const tarball = n8n.packPackage(stack.REPO);
	n8n.installCommunityPackage(folder, tarball);
	await n8n.importCredentials(folder, [
		{
			...stack.CREDENTIALS.project,
			data: { baseUrl: sim.baseUrl, apiKey: sim.defaultProject().key },
		},
		{
			...stack.CREDENTIALS.project,
			...strictCredential,
			data: { baseUrl: strict.baseUrl, apiKey: strict.defaultProject().key },
		},
	]);
	await n8n.importWorkflow(folder, triggerWorkflow);
	await n8n.importWorkflow(folder, dialectWorkflow);
	await n8n.activateWorkflow(folder, WORKFLOW_ID);
	await n8n.activateWorkflow(folder, DIALECT_WORKFLOW_ID);
	server = await n8n.startServer(folder);
	({ cookie } = await n8n.setupOwner(server));
});

afterAll(async () => {
	if (server) await n8n.stopServer(server);
	await sim?.stop();
	await strict?.stop();
	if (folder) n8n.removeUserFolder(folder);
});

describe(`the packed package in n8n ${process.env.N8N_APP_VERSION}`, () => {
	it('n8n has both nodes, the AI tool variant of the action node and both credentials', async () => {
		const nodeTypes = (await n8n.listNodeTypes(server, cookie)) as Json[];
		const ours = nodeTypes.filter((t) => t.name.startsWith(`${stack.PACKAGE}.`));
		expect(ours.map((t) => t.name).sort()).toEqual([
			`${stack.PACKAGE}.reviewCollection`,
			`${stack.PACKAGE}.reviewCollectionTool`,
			`${stack.PACKAGE}.reviewCollectionTrigger`,
		]);
		const tool = ours.find((t) => t.name.endsWith('Tool'))!;
		expect(tool.outputs).toEqual(['ai_tool']);
		const trigger = ours.find((t) => t.name.endsWith('Trigger'))!;
		expect(trigger.polling).toBe(true);

		// n8n 3.0 drops `defaults.color` (iconColor instead): no node of the package relies on it.
		expect(ours.filter((t) => t.defaults?.color !== undefined).map((t) => t.name)).toEqual([]);

		const credentialTypes = (await n8n.listCredentialTypes(server, cookie)) as Json[];
		expect(credentialTypes.map((c) => c.name)).toEqual(
			expect.arrayContaining(['reviewCollectionProjectApi', 'reviewCollectionAgencyApi']),
		);
	});

	it('every name the built package takes from n8n-workflow is one this n8n’s n8n-workflow exports', () => {
		const installed = path.join(folder!.n8nDir, 'nodes', 'node_modules', stack.PACKAGE, 'dist');
		const used = new Set<string>();
		for (const file of fs.readdirSync(installed, { recursive: true, encoding: 'utf8' })) {
			if (!file.endsWith('.js')) continue;
			const code = fs.readFileSync(path.join(installed, file), 'utf8');
			for (const m of code.matchAll(/\bn8n_workflow_\d+\.(\w+)/g)) used.add(m[1]);
		}
		expect(used).toContain('NodeApiError');
		// Asked of the n8n-workflow this n8n resolves, on its own Node.
		const appDir = path.dirname(path.dirname(folder!.bin));
		const script = `const w = require(require.resolve('n8n-workflow', { paths: [process.argv[1]] }));
			process.stdout.write(JSON.stringify(Object.keys(w)));`;
		const exported = new Set(
			JSON.parse(execFileSync(folder!.node, ['-e', script, appDir], { encoding: 'utf8' })),
		);
		expect([...used].filter((name) => !exported.has(name))).toEqual([]);
	});

	it('the active trigger delivers each new review once, and none of the reviews before it', async () => {
		const before = sim.defaultProject().reviews.items.map((r) => r.id);
		// The poll at activation and one scheduled poll after it: the baseline is saved.
		await until('two polls of the trigger', () => reviewListReads() >= 2);
		const added = [
			sim.addReview(sim.defaultProject().id, { score: 5, review: 'Crisp crust!' }),
			sim.addReview(sim.defaultProject().id, { score: 4, review: 'Good coffee.' }),
		];
		await until('both new reviews marked replied', () =>
			added.every((r) => markedReplied(r.id) > 0),
		);
		// One more poll after the delivery: nothing is delivered twice.
		const reads = reviewListReads();
		await until('one more poll', () => reviewListReads() > reads);
		await sleep(2000);
		expect(added.map((r) => markedReplied(r.id))).toEqual([1, 1]);
		expect(before.filter((id) => markedReplied(id) > 0)).toEqual([]);
		expect(added.every((r) => sim.toJson('review', r.id).replied_at !== null)).toBe(true);
	});

	it('on a service that refuses the duplicate facet and pages by 25, every new review is delivered once', async () => {
		const reads = () => strict.requests.filter((r) => r.path === '/project/reviews');
		const marked = (id: number) =>
			strict.requests.filter(
				(r) => r.method === 'PUT' && r.path === `/project/reviews/${id}/mark-replied`,
			).length;
		await until('two polls of the second trigger', () =>
			reads().some((r, i) => i > 0 && r.query.facet === undefined),
		);
		// It asked the duplicate facet, was refused, and went on.
		expect(
			reads().filter((r) => r.query.facet !== undefined && r.status === 422).length,
		).toBeGreaterThan(0);
		const before = strict.defaultProject().reviews.items.map((r) => r.id);
		strict.addReviews(strict.defaultProject().id, 60, { score: 4 });
		const added = strict
			.defaultProject()
			.reviews.items.map((r) => r.id)
			.filter((id) => !before.includes(id));
		expect(added).toHaveLength(60);
		await until(
			'60 new reviews marked replied',
			() => added.every((id) => marked(id) > 0),
			120_000,
		);
		const polls = reads().length;
		await until('one more poll', () => reads().length > polls);
		await sleep(2000);
		expect(added.map(marked)).toEqual(added.map(() => 1));
		expect(before.filter((id) => marked(id) > 0)).toEqual([]);
		// Pages of 25 were read (the service's largest), and no list read failed.
		expect(reads().some((r) => r.status === 200 && r.query.per_page === '25')).toBe(true);
		expect(reads().filter((r) => r.query.facet === undefined && r.status !== 200)).toEqual([]);
	}, 240_000);
});
