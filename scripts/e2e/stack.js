'use strict';
// The pieces `npm run demo` and `npm run test:e2e` share: a real n8n user folder with this
// package installed from its packed tarball (as n8n installs a community package), both
// credentials pointing at a running API simulator, the example workflows imported; running a
// workflow the way the editor does (manual mode, over REST); the demo's REST self-check.
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('../n8n/n8n-app');

const REPO = path.resolve(__dirname, '..', '..');
const EXAMPLES_DIR = path.join(REPO, 'examples');
const PACKAGE = 'n8n-nodes-review-collection';
const NODE_TYPES = [`${PACKAGE}.reviewCollection`, `${PACKAGE}.reviewCollectionTrigger`];

/** The ids and names the example workflows reference. */
const CREDENTIALS = {
	project: {
		id: 'rcProjectCred001',
		name: 'Review Collection Project (demo)',
		type: 'reviewCollectionProjectApi',
	},
	agency: {
		id: 'rcAgencyCred0001',
		name: 'Review Collection Agency (demo)',
		type: 'reviewCollectionAgencyApi',
	},
};

/** Fixed workflow ids, so tests and the demo can name them. */
const EXAMPLES = {
	'review-reply': { file: 'review-reply.json', id: 'rcExampleReply01', trigger: 'New Review' },
	'crm-charge-sync': {
		file: 'crm-charge-sync.json',
		id: 'rcExampleCharge1',
		trigger: 'Every Hour',
	},
	'agency-onboarding': {
		file: 'agency-onboarding.json',
		id: 'rcExampleAgency1',
		trigger: 'Start Onboarding',
	},
};

function readExample(key) {
	const wf = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, EXAMPLES[key].file), 'utf8'));
	return { ...wf, id: EXAMPLES[key].id };
}

/** The simulator (TypeScript) from a plain node script: transpile-only require hook. */
function loadSimulator() {
	require('../bench/register-ts');
	return require('../../test/simulator').ApiSimulator;
}

/**
 * A user folder ready to run: fresh (optionally on a fixed n8n port) with the package packed from
 * REPO (dist/ must be built) and installed, or `folder` as given (queue mode: already installed);
 * both credentials created for sim, the examples imported.
 * Resolves { folder, installed, credentials, workflowIds }.
 */
async function prepareFolder({ sim, port, log = () => {}, folder: given }) {
	const folder =
		given || (await n8n.createUserFolder({ install: n8n.ensureInstalled({ quiet: true }) }));
	if (port) folder.port = Number(port);
	try {
		let installed;
		if (!given) {
			const tarball = n8n.packPackage(REPO);
			installed = n8n.installCommunityPackage(folder, tarball);
			fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
			log(`installed ${installed.name}@${installed.version} into ${folder.n8nDir}/nodes`);
		}
		const credentials = await n8n.importCredentials(folder, [
			{ ...CREDENTIALS.project, data: { baseUrl: sim.baseUrl, apiKey: sim.defaultProject().key } },
			{ ...CREDENTIALS.agency, data: { baseUrl: sim.baseUrl, apiKey: sim.agencyKey } },
		]);
		log(
			`created credentials ${credentials.map((c) => `"${c.name}"`).join(', ')} -> ${sim.baseUrl}`,
		);
		const keys = Object.keys(EXAMPLES);
		await n8n.importWorkflow(folder, keys.map(readExample));
		const workflowIds = Object.fromEntries(keys.map((k) => [k, EXAMPLES[k].id]));
		log(`imported ${keys.length} example workflows`);
		return { folder, installed, credentials, workflowIds };
	} catch (e) {
		if (!given) n8n.removeUserFolder(folder);
		throw e;
	}
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The run data of a saved execution (GET /rest/executions/:id answers it flatted-encoded). */
function decodeExecutionData(data) {
	if (typeof data !== 'string') return data;
	return require('flatted').parse(data);
}

/**
 * Runs a workflow as the editor's "Execute workflow" button does: POST /rest/workflows/:id/run
 * from a trigger, mode `manual` (a polling trigger then runs its poll once: "Fetch Test Event"),
 * with the saved workflow as `workflowData` as the editor sends it (n8n 1.x requires it; 2.x
 * ignores it). Waits for the saved execution and resolves { status, run } (run = { data: IRunExecutionData }).
 */
async function runManually(server, cookie, workflowId, triggerName, { timeoutMs = 120000 } = {}) {
	const saved = await n8n.request(server, 'GET', `/rest/workflows/${workflowId}`, { cookie });
	const workflowData = saved.body && saved.body.data;
	if (saved.status !== 200 || !workflowData) {
		throw new Error(`GET /rest/workflows/${workflowId}: HTTP ${saved.status}`);
	}
	const started = await n8n.request(server, 'POST', `/rest/workflows/${workflowId}/run`, {
		cookie,
		body: { workflowData, triggerToStartFrom: { name: triggerName } },
	});
	const executionId = started.body && started.body.data && started.body.data.executionId;
	if (started.status !== 200 || !executionId) {
		throw new Error(
			`manual run of ${workflowId}: HTTP ${started.status} ${JSON.stringify(started.body).slice(0, 1000)}`,
		);
	}
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const r = await n8n.request(server, 'GET', `/rest/executions/${executionId}`, { cookie });
		const ex = r.status === 200 && r.body && r.body.data;
		if (ex && ex.finished !== undefined && !['new', 'running', 'waiting'].includes(ex.status)) {
			return {
				status: ex.status,
				executionId,
				run: { status: ex.status, data: decodeExecutionData(ex.data) },
			};
		}
		await sleep(300);
	}
	throw new Error(
		`execution ${executionId} of ${workflowId} did not finish within ${timeoutMs} ms`,
	);
}

/** GET /rest/workflows -> [{ id, name, ... }] (the list may or may not be wrapped in { data }). */
async function listWorkflows(server, cookie) {
	const r = await n8n.request(server, 'GET', '/rest/workflows', { cookie });
	if (r.status !== 200) throw new Error(`GET /rest/workflows: HTTP ${r.status}`);
	let list = r.body;
	while (list && !Array.isArray(list)) list = list.data;
	return list || [];
}

/**
 * The demo's self-check over REST: log in as owner, both node types of this package are
 * listed, and the example workflows exist. Resolves { nodeTypes, workflows }; throws otherwise.
 */
async function selfCheck(server, owner, workflowIds) {
	const { cookie } = await n8n.login(server, owner);
	const names = new Set((await n8n.listNodeTypes(server, cookie)).map((t) => t.name));
	const missingTypes = NODE_TYPES.filter((t) => !names.has(t));
	if (missingTypes.length) throw new Error(`node types not listed: ${missingTypes.join(', ')}`);
	const workflows = await listWorkflows(server, cookie);
	const ids = new Set(workflows.map((w) => w.id));
	const missingWfs = Object.entries(workflowIds)
		.filter(([, id]) => !ids.has(id))
		.map(([k]) => k);
	if (missingWfs.length) throw new Error(`workflows missing: ${missingWfs.join(', ')}`);
	return { nodeTypes: NODE_TYPES, workflows: workflows.map((w) => ({ id: w.id, name: w.name })) };
}

/** true while any process of the group is alive. */
function groupAlive(pid) {
	try {
		process.kill(-pid, 0);
		return true;
	} catch {
		return false;
	}
}

module.exports = {
	REPO,
	PACKAGE,
	NODE_TYPES,
	CREDENTIALS,
	EXAMPLES,
	readExample,
	loadSimulator,
	prepareFolder,
	runManually,
	decodeExecutionData,
	listWorkflows,
	selfCheck,
	groupAlive,
};
