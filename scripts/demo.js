#!/usr/bin/env node
'use strict';
// `npm run demo`: a local n8n (the real app, 2.41.1 on Node 24) with this package installed,
// both credentials pointing at the API simulator (seeded with the 'Acme Bakery' project), the
// example workflows imported and an owner account set up. Ctrl-C (or SIGINT/SIGTERM to npm or to
// this script) stops everything it started and deletes its temporary folders.
//
//   node scripts/demo.js [--port 5678] [--sim-port 5679] [--no-build] [--check] [--queue]
//   env: DEMO_N8N_PORT, DEMO_SIM_PORT (0 = any free port)
//   --check: start everything, check over REST (login, node types, workflows), stop, exit 0/1.
//   --queue: n8n in queue mode (private PostgreSQL and Redis, one main, two workers; see
//            scripts/e2e/queue-stack/; installs redis-server and postgresql when missing).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('./n8n/n8n-app');
const stack = require('./e2e/stack');
const { createQueueStack } = require('./e2e/queue-stack');

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
function option(name, envName, fallback) {
	const i = args.indexOf(name);
	const v = i >= 0 ? args[i + 1] : process.env[envName];
	if (v === undefined || v === '') return fallback;
	if (!/^\d+$/.test(v) || Number(v) > 65535) throw new Error(`${name}: not a port: ${v}`);
	return Number(v);
}
const N8N_PORT = option('--port', 'DEMO_N8N_PORT', 5678);
const SIM_PORT = option('--sim-port', 'DEMO_SIM_PORT', 5679);
const CHECK = flag('--check');
const QUEUE = flag('--queue');
const OWNER = {
	email: 'demo@example.com',
	password: 'Demo-Passw0rd',
	firstName: 'Demo',
	lastName: 'Owner',
};

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const log = (m) => console.log(`[demo ${elapsed()}] ${m}`);

const running = { sim: null, folder: null, server: null, queue: null };
let stopping = null;
let started = false; // until then a signal only asks main() to stop after the current step
let stopRequested = false;
class Stop extends Error {}
const checkpoint = () => {
	if (stopRequested) throw new Stop('stopped by signal');
};

/** Stops what this script started (n8n process group, simulator), removes the user folder. */
function cleanup() {
	stopping =
		stopping ||
		(async () => {
			if (running.server) {
				const pid = running.server.pid;
				await n8n
					.stopServer(running.server)
					.catch((e) => console.error(`[demo] stopping n8n: ${e.message}`));
				if (stack.groupAlive(pid)) throw new Error(`n8n process group ${pid} still alive`);
				log(`n8n stopped (process group ${pid} gone)`);
			}
			if (running.queue) {
				await running.queue.stop();
				log('queue mode stopped (workers, PostgreSQL, Redis)');
			}
			if (running.sim) await running.sim.stop();
			if (running.folder && !running.queue) n8n.removeUserFolder(running.folder);
		})();
	return stopping;
}

function stop(reason) {
	log(`${reason}: stopping`);
	if (!started) {
		stopRequested = true;
		return;
	}
	cleanup().then(
		() => process.exit(0),
		(e) => {
			console.error(e);
			process.exit(1);
		},
	);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// npm forwards SIGINT/SIGTERM to the script (package.json runs it with `exec`, so no shell sits in
// between to swallow them). A parent that went away anyway (npm killed with SIGKILL) is a stop
// request too, so nothing outlives the npm process.
const parent = process.ppid;
setInterval(() => {
	if (process.ppid !== parent) stop('parent process gone');
}, 500).unref();

function queueLine() {
	const q = running.queue;
	if (!q) return '';
	return (
		`\n  Queue mode: ${q.workers.length} workers run the executions (logs: ${q.folder.dir}/worker-N.log);` +
		`\n             PostgreSQL on 127.0.0.1:${q.pg.port}, Redis on 127.0.0.1:${q.redis.port}.`
	);
}

function printWelcome(server, sim, workflows) {
	const url = `http://127.0.0.1:${server.port}`;
	const key = sim.defaultProject().key;
	console.log(`
n8n is running with n8n-nodes-review-collection installed (started in ${elapsed()}).

  Editor:    ${url}
  Log in:    ${OWNER.email}  /  ${OWNER.password}
  Workflows: ${workflows.map((w) => `"${w.name}"`).join(', ')}
  API:       simulated Review Collection Service at ${sim.baseUrl} (project "Acme Bakery", key ${key})
  Credentials "Review Collection Project (demo)" and "Review Collection Agency (demo)" point at it.${queueLine()}

What to try: open "Review Collection: reply to new reviews" and click Execute workflow; the trigger
fetches the newest review (a 3-star one), so the workflow tags it as a complaint. Add a 5-star review
  curl -s -X POST ${sim.baseUrl}/project/reviews -H 'Authorization: Bearer ${key}' \\
    -H 'Content-Type: application/json' -d '{"score":5,"first_name":"Dana","email":"dana@example.com","review":"Lovely!"}'
and execute it again: this time it replies and marks the review replied. "Sync CRM charges" records three
charges (customers found or created by email); "Onboard an agency client" creates a project with
three review sources. Add a Review Collection node to any workflow to try the 52 operations; the
simulator keeps its data until you stop the demo (it is in memory, nothing is sent anywhere).

Press Ctrl-C to stop n8n and the simulator and delete the temporary n8n folder.`);
}

async function main() {
	if (!flag('--no-build')) {
		log('building the package (npm run build)');
		execFileSync('npm', ['run', 'build'], { cwd: path.join(__dirname, '..'), stdio: 'inherit' });
	}
	log('installing n8n if needed (first time: about 6 minutes)');
	n8n.ensureInstalled();

	const ApiSimulator = stack.loadSimulator();
	running.sim = await ApiSimulator.start({ port: SIM_PORT });
	log(`API simulator on ${running.sim.baseUrl}`);
	checkpoint();

	const port = N8N_PORT || (await n8n.freePort());
	if (QUEUE) {
		log('queue mode: starting PostgreSQL and Redis');
		running.queue = await createQueueStack({ log });
		checkpoint();
	}
	const prepared = await stack.prepareFolder({
		sim: running.sim,
		port,
		log,
		folder: running.queue && running.queue.folder,
	});
	running.folder = prepared.folder;
	checkpoint();

	log(`starting n8n on http://127.0.0.1:${port}`);
	if (QUEUE) {
		const [main] = await Promise.all([running.queue.startMain(), running.queue.startWorkers(2)]);
		running.server = main;
	} else {
		running.server = await n8n.startServer(running.folder, {
			env: { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true' },
		});
	}
	await n8n.setupOwner(running.server, OWNER);
	log(`owner set up: ${OWNER.email}`);
	checkpoint();

	if (CHECK) {
		const result = await stack.selfCheck(running.server, OWNER, prepared.workflowIds);
		log(`node types listed: ${result.nodeTypes.join(', ')}`);
		log(`workflows: ${result.workflows.map((w) => `${w.id} "${w.name}"`).join(', ')}`);
		await cleanup();
		log('demo check OK');
		return;
	}
	const { cookie } = await n8n.login(running.server, OWNER);
	const workflows = await stack.listWorkflows(running.server, cookie);
	checkpoint();
	started = true;
	printWelcome(running.server, running.sim, workflows);
	running.server.exitPromise.then((exit) => {
		if (stopping) return;
		const lines = fs.readFileSync(running.server.logFile, 'utf8').split('\n').slice(-40).join('\n');
		console.error(
			`[demo] n8n exited unexpectedly (${JSON.stringify(exit)}); last log lines:\n${lines}`,
		);
		cleanup().finally(() => process.exit(1));
	});
}

main().catch(async (e) => {
	if (!(e instanceof Stop)) console.error(`[demo] ${e.stack || e.message}`);
	await cleanup().catch((err) => console.error(err));
	process.exit(e instanceof Stop ? 0 : 1);
});
