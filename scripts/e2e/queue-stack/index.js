'use strict';
// n8n in queue mode, as agencies run it at scale: a private PostgreSQL cluster and a private Redis
// on free 127.0.0.1 ports, one main process (holds triggers, takes webhooks) and N `n8n worker`s
// (run the executions), all sharing one user folder (the package installed once there) and one
// encryption key. Used by test/e2e/queue.e2e.ts, test/e2e/durable.e2e.ts (n8n's durable poll
// scheduler: `env` turns it on for every process) and `npm run demo -- --queue`.
//
// This file wires the stack together; each service's lifecycle lives beside it (postgres.js,
// redis.js; process groups in processes.js, Debian packages in debian-packages.js). stop() ends every
// process (SIGTERM, then SIGKILL); a process 'exit' hook SIGKILLs whatever is left after a failure.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const n8n = require('../../n8n/n8n-app');
const { ensureQueuePackages, postgresBin } = require('./debian-packages');
const { liveGroups, startProcess, stopProcess, waitFor } = require('./processes');
const { startPostgres } = require('./postgres');
const { startRedis } = require('./redis');

/**
 * Starts PostgreSQL and Redis, makes an n8n user folder configured for queue mode and installs the
 * packed package into it. Call importCredentials/importWorkflow/publish on `folder` before startMain().
 */
async function createQueueStack({ log = () => {}, workers = 2, tarball, env = {} } = {}) {
	ensureQueuePackages(log);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-queue-'));
	fs.chmodSync(dir, 0o755);
	const stack = { dir, workers: [], main: null, pg: null, redis: null, folder: null };

	stack.stop = async () => {
		await Promise.all(stack.workers.map((w) => stopProcess(w)));
		if (stack.main) await n8n.stopServer(stack.main).catch(() => {});
		if (stack.main) liveGroups.delete(stack.main.pid);
		await stopProcess(stack.redis && stack.redis.proc);
		await stopProcess(stack.pg && stack.pg.proc);
		if (stack.folder) n8n.removeUserFolder(stack.folder);
		fs.rmSync(dir, { recursive: true, force: true });
	};

	try {
		const [pg, redis] = await Promise.all([
			startPostgres(path.join(dir, 'pg'), log),
			startRedis(mkdir(dir, 'redis'), log),
		]);
		Object.assign(stack, { pg, redis });
		const folder = await n8n.createUserFolder();
		folder.extraEnv = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pg.port),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			// Manual runs (the editor's "Execute workflow") also go to the workers.
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
			...env,
		};
		stack.folder = folder;
		const installed = n8n.installCommunityPackage(
			folder,
			tarball || n8n.packPackage(require('../stack').REPO),
		);
		log(
			`installed ${installed.name}@${installed.version} into the shared user folder ${folder.dir}`,
		);
	} catch (e) {
		await stack.stop();
		throw e;
	}

	/** The main process: the editor, webhooks and every trigger's polls (it is the only "leader"). */
	stack.startMain = async () => {
		stack.main = await n8n.startServer(stack.folder, { env: { N8N_LOG_LEVEL: 'info' } });
		liveGroups.add(stack.main.pid);
		log(`n8n main on ${stack.main.url}`);
		return stack.main;
	};
	stack.stopMain = async () => {
		await n8n.stopServer(stack.main);
		liveGroups.delete(stack.main.pid);
		stack.main = null;
	};
	/** kill -9 of the main's whole process group: no shutdown, no hand-back of scheduler claims. */
	stack.killMain = async () => {
		n8n.killGroup(stack.main.pid, 'SIGKILL');
		await stack.main.exitPromise;
		liveGroups.delete(stack.main.pid);
		stack.main = null;
	};
	/** `n8n worker` processes: each picks executions off the Redis queue. */
	stack.startWorkers = async (count = workers) => {
		const started = [];
		for (let i = 0; i < count; i++) {
			const index = stack.workers.length;
			const env = n8n.n8nEnv(stack.folder, {
				N8N_LOG_LEVEL: 'info',
				N8N_RUNNERS_BROKER_PORT: String(await n8n.freePort()),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(await n8n.freePort()),
			});
			const proc = startProcess(
				stack.folder.node,
				[stack.folder.bin, 'worker', '--concurrency=5'],
				{
					cwd: stack.folder.dir,
					env,
					logFile: path.join(stack.folder.dir, `worker-${index + 1}.log`),
				},
			);
			proc.name = `worker-${index + 1}`;
			proc.healthPort = env.QUEUE_HEALTH_CHECK_PORT;
			stack.workers.push(proc);
			started.push(proc);
		}
		await Promise.all(
			started.map((w) =>
				waitFor(
					`n8n ${w.name}`,
					async () => {
						const res = await fetch(`http://127.0.0.1:${w.healthPort}/healthz/readiness`);
						return res.status === 200;
					},
					{ proc: w, timeoutMs: 180000 },
				),
			),
		);
		log(`${started.length} n8n workers ready`);
		return started;
	};
	/** Every log this stack wrote (main, workers, PostgreSQL, Redis), by file name. */
	stack.logs = () => {
		const files = [
			...stack.workers.map((w) => w.logFile),
			path.join(stack.folder.dir, 'n8n-server.log'),
			stack.pg.proc.logFile,
			stack.redis.proc.logFile,
		];
		return Object.fromEntries(
			files
				.filter((f) => fs.existsSync(f))
				.map((f) => [path.basename(f), fs.readFileSync(f, 'utf8')]),
		);
	};
	/** Publishes (activates) a workflow; the main activates published workflows when it starts. */
	stack.publish = async (workflowId) => {
		const r = await n8n.runCli(stack.folder, ['publish:workflow', `--id=${workflowId}`], {
			env: { N8N_LOG_LEVEL: 'info' },
		});
		if (r.code !== 0)
			throw new Error(`publish:workflow ${workflowId} failed:\n${r.stdout}\n${r.stderr}`);
	};
	return stack;
}

function mkdir(parent, name) {
	const dir = path.join(parent, name);
	fs.mkdirSync(dir);
	return dir;
}

module.exports = { createQueueStack, ensureQueuePackages, postgresBin };
