#!/usr/bin/env node
'use strict';
// Manual smoke test of the real-n8n tooling (not run by jest):
//   node scripts/n8n/smoke.js            (KEEP=1 keeps the temp user folder for inspection)
// 1. installs n8n if needed; 2. fresh user folder with the fixture community package (and
// this repo's package if its dist/ is built); 3. CLI: import a credential and two workflows
// (built-in nodes only; fixture node + credential), execute both, check their output;
// 4. server: start, owner setup, login, list node types, stop, check nothing is left running.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('./n8n-app');

const REPO = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(__dirname, 'fixture-package');
const t0 = Date.now();
const log = (msg) => console.log(`[smoke ${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

/** The repo's package is only packable once every file its n8n section names is built. */
function repoPackageReady() {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
	const files = [...(pkg.n8n?.nodes || []), ...(pkg.n8n?.credentials || [])];
	const missing = files.filter((f) => !fs.existsSync(path.join(REPO, f)));
	return { pkg, ok: files.length > 0 && missing.length === 0, missing };
}

const builtinWorkflow = {
	name: 'smoke: built-in nodes',
	nodes: [
		{
			id: 'n1',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'n2',
			name: 'Set',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [220, 0],
			parameters: {
				mode: 'manual',
				assignments: { assignments: [{ id: 'a1', name: 'n', value: 21, type: 'number' }] },
				options: {},
			},
		},
		{
			id: 'n3',
			name: 'Code',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [440, 0],
			parameters: {
				jsCode:
					'return $input.all().map((i) => ({ json: { n: i.json.n, doubled: i.json.n * 2 } }));',
			},
		},
	],
	connections: {
		Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] },
		Set: { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
	},
};

function fixtureWorkflow(credential) {
	return {
		name: 'smoke: fixture community node',
		nodes: [
			{
				id: 'f1',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'f2',
				name: 'Echo',
				type: 'n8n-nodes-review-collection-fixture.fixtureEcho',
				typeVersion: 1,
				position: [220, 0],
				parameters: { message: 'hi from the CLI', useCredential: true },
				credentials: { fixtureApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
	};
}

async function main() {
	const install = n8n.ensureInstalled();
	log(`n8n: ${install.bin}`);
	const folder = await n8n.createUserFolder({ install });
	log(`user folder ${folder.dir} (port ${folder.port}, broker ${folder.brokerPort})`);
	let server;
	try {
		// Packages first: the CLI and the server load community packages at start.
		const fixture = n8n.installCommunityPackage(folder, n8n.packPackage(FIXTURE));
		log(`installed ${fixture.name}@${fixture.version}`);
		const repo = repoPackageReady();
		let repoInstalled = null;
		if (repo.ok) {
			repoInstalled = n8n.installCommunityPackage(folder, n8n.packPackage(REPO));
			log(`installed ${repoInstalled.name}@${repoInstalled.version} from this repo`);
		} else {
			log(`skipping ${repo.pkg.name}: not built (missing ${repo.missing.join(', ')})`);
		}

		const [cred] = await n8n.importCredentials(folder, [
			{ name: 'Fixture credential', type: 'fixtureApi', data: { apiKey: 'abc-secret-123' } },
		]);
		log(`imported credential ${cred.id}`);

		const builtinId = await n8n.importWorkflow(folder, builtinWorkflow);
		const r1 = await n8n.executeWorkflow(folder, builtinId);
		assert.ok(
			r1.ok,
			`built-in workflow failed: ${JSON.stringify(r1.error)}\n${r1.stdout.slice(-3000)}`,
		);
		assert.deepEqual(n8n.nodeOutput(r1.run, 'Code'), [{ n: 21, doubled: 42 }]);
		log(
			`CLI execute (built-in nodes): status=${r1.run.status} Code -> ${JSON.stringify(n8n.nodeOutput(r1.run, 'Code'))}`,
		);

		const fixtureId = await n8n.importWorkflow(folder, fixtureWorkflow(cred));
		const r2 = await n8n.executeWorkflow(folder, fixtureId);
		assert.ok(
			r2.ok,
			`fixture workflow failed: ${JSON.stringify(r2.error)}\n${r2.stdout.slice(-3000)}`,
		);
		const echo = n8n.nodeOutput(r2.run, 'Echo');
		assert.equal(echo[0].echoedBy, 'fixtureEcho');
		assert.equal(echo[0].apiKeyLength, 'abc-secret-123'.length);
		assert.equal(echo[0].apiKeyPrefix, 'abc');
		log(`CLI execute (community node + credential): Echo -> ${JSON.stringify(echo)}`);

		server = await n8n.startServer(folder);
		log(`server ready at ${server.url} (pid ${server.pid})`);
		const setup = await n8n.setupOwner(server);
		log(`owner set up: ${setup.user.email} (role ${setup.user.role})`);
		const { cookie } = await n8n.login(server);
		const types = await n8n.listNodeTypes(server, cookie);
		const names = new Set(types.map((t) => t.name));
		log(`GET /types/nodes.json -> ${types.length} node type versions`);
		assert.ok(names.has('n8n-nodes-base.code'));
		assert.ok(
			names.has('n8n-nodes-review-collection-fixture.fixtureEcho'),
			'fixture node not listed',
		);
		if (repoInstalled) {
			const ours = [...names].filter((n) => n.startsWith(`${repoInstalled.name}.`));
			assert.ok(ours.length > 0, `no node of ${repoInstalled.name} listed`);
			log(`repo package node types: ${ours.join(', ')}`);
		}
		const [desc] = await n8n.getNodeTypes(server, cookie, [
			{ name: 'n8n-nodes-review-collection-fixture.fixtureEcho', version: 1 },
		]);
		assert.equal(desc.displayName, 'Fixture Echo');
		log('POST /rest/node-types -> Fixture Echo description');
	} finally {
		if (server) {
			const exit = await n8n.stopServer(server);
			let alive = true;
			try {
				process.kill(-server.pid, 0);
			} catch {
				alive = false;
			}
			assert.equal(alive, false, 'n8n process group still alive after stop');
			log(`server stopped (${JSON.stringify(exit)}), process group gone`);
			// n8n must not have tried to reach the internet (there is none here).
			const serverLog = fs.readFileSync(server.logFile, 'utf8');
			assert.doesNotMatch(
				serverLog,
				/ENOTFOUND|EAI_AGAIN|getaddrinfo|ENETUNREACH/,
				'n8n tried to go online',
			);
		}
		if (process.env.KEEP) log(`kept ${folder.dir}`);
		else n8n.removeUserFolder(folder);
	}
	log('SMOKE OK');
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
