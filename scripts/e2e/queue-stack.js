'use strict';
// n8n in queue mode, as agencies run it at scale: a private PostgreSQL cluster and a private Redis
// on free 127.0.0.1 ports, one main process (holds triggers, takes webhooks) and N `n8n worker`s
// (run the executions), all sharing one user folder (the package installed once there) and one
// encryption key. Used by test/e2e/queue.e2e.ts and `npm run demo -- --queue`.
//
// Every process is started in its own process group and registered here: stop() ends them all
// (SIGTERM, then SIGKILL), and a process 'exit' hook SIGKILLs whatever is left, so nothing keeps
// running after a failure. Debian's redis-server and postgresql are installed when missing.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const n8n = require('../n8n/n8n-app');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Process groups started by any stack of this process: killed on exit whatever happened. */
const liveGroups = new Set();
process.on('exit', () => {
	for (const pid of liveGroups) n8n.killGroup(pid, 'SIGKILL');
});

function which(command) {
	for (const dir of (process.env.PATH || '').split(':')) {
		const file = path.join(dir, command);
		if (dir && fs.existsSync(file)) return file;
	}
	return null;
}

/** bin folder of the newest PostgreSQL server installed by Debian (initdb is not on PATH). */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return null;
	const versions = fs
		.readdirSync(root)
		.filter((v) => /^\d+$/.test(v))
		.sort((a, b) => b - a);
	const found = versions
		.map((v) => path.join(root, v, 'bin'))
		.find((bin) => fs.existsSync(path.join(bin, 'initdb')));
	return found || null;
}

/**
 * apt-get installs redis-server and postgresql when missing. A temporary policy-rc.d keeps apt from
 * starting the system services (this stack runs its own private ones).
 */
function ensureQueuePackages(log = () => {}) {
	const missing = [];
	if (!which('redis-server') || !which('redis-cli')) missing.push('redis-server');
	if (!postgresBin()) missing.push('postgresql');
	if (missing.length === 0) return;
	if (typeof process.getuid === 'function' && process.getuid() !== 0) {
		throw new Error(
			`queue mode needs ${missing.join(' and ')}: run "apt-get install -y ${missing.join(' ')}" as root`,
		);
	}
	log(`installing ${missing.join(', ')} from Debian (apt-get)`);
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !fs.existsSync(policy);
	if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	try {
		execFileSync('apt-get', ['update'], { stdio: ['ignore', 'ignore', 'inherit'], env });
		execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
			stdio: ['ignore', 'ignore', 'inherit'],
			env,
		});
	} finally {
		if (ownPolicy) fs.rmSync(policy, { force: true });
	}
}

/** Spawns a long-running process in its own group, output appended to logFile. */
function startProcess(command, args, { env, cwd, logFile }) {
	const out = fs.openSync(logFile, 'a');
	const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', out, out] });
	fs.closeSync(out);
	const proc = { pid: child.pid, logFile, exited: null };
	liveGroups.add(child.pid);
	proc.exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => {
			proc.exited = { code, signal };
			resolve(proc.exited);
		}),
	);
	child.on('error', (e) => {
		proc.exited = { error: e.message };
	});
	return proc;
}

async function stopProcess(proc, timeoutMs = 20000) {
	if (!proc) return;
	if (!proc.exited) {
		n8n.killGroup(proc.pid, 'SIGTERM');
		const timer = setTimeout(() => n8n.killGroup(proc.pid, 'SIGKILL'), timeoutMs);
		await proc.exitPromise;
		clearTimeout(timer);
	}
	n8n.killGroup(proc.pid, 'SIGKILL'); // children that outlived their leader
	liveGroups.delete(proc.pid);
}

async function waitFor(what, check, { timeoutMs = 60000, proc } = {}) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (proc && proc.exited)
			throw new Error(
				`${what}: the process exited (${JSON.stringify(proc.exited)})\n${tail(proc.logFile)}`,
			);
		try {
			if (await check()) return;
		} catch {
			/* not yet */
		}
		if (Date.now() > deadline)
			throw new Error(
				`${what}: not ready within ${timeoutMs} ms\n${proc ? tail(proc.logFile) : ''}`,
			);
		await sleep(250);
	}
}

function tail(file, n = 40) {
	try {
		return fs.readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
	} catch {
		return '';
	}
}

function asPostgresUser(args) {
	// PostgreSQL refuses to run as root: as root, its commands run as the `postgres` system user.
	const root = typeof process.getuid === 'function' && process.getuid() === 0;
	return root ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
}

async function startPostgres(dir, log) {
	const bin = postgresBin();
	fs.mkdirSync(dir, { recursive: true });
	const data = path.join(dir, 'pgdata');
	fs.mkdirSync(data, { mode: 0o700 });
	if (process.getuid && process.getuid() === 0) {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
		fs.chownSync(dir, uid, gid);
		fs.chownSync(data, uid, gid);
	}
	const [initCmd, initArgs] = asPostgresUser([
		path.join(bin, 'initdb'),
		'-D',
		data,
		'-U',
		'postgres',
		'-A',
		'trust',
		'-E',
		'UTF8',
		'--no-sync',
	]);
	execFileSync(initCmd, initArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
	const port = await n8n.freePort();
	const [cmd, args] = asPostgresUser([
		path.join(bin, 'postgres'),
		'-D',
		data,
		'-p',
		String(port),
		'-k',
		dir,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'fsync=off',
		'-c',
		'full_page_writes=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'max_connections=60',
	]);
	const logFile = path.join(dir, 'postgres.log');
	fs.writeFileSync(logFile, '');
	fs.chmodSync(logFile, 0o666);
	const proc = startProcess(cmd, args, { cwd: dir, env: process.env, logFile });
	const psql = (sql, database = 'postgres') =>
		execFileSync(
			path.join(bin, 'psql'),
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(port),
				'-U',
				'postgres',
				'-d',
				database,
				'-v',
				'ON_ERROR_STOP=1',
				'-Atc',
				sql,
			],
			{ encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
		);
	await waitFor('PostgreSQL', () => psql('SELECT 1').trim() === '1', { proc });
	psql('CREATE DATABASE n8n');
	log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}`);
	return {
		proc,
		port,
		bin,
		psql,
		/** Plain SQL dump of the n8n database: everything n8n stored. */
		dump: () =>
			execFileSync(
				path.join(bin, 'pg_dump'),
				['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'n8n'],
				{ encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
			),
	};
}

async function startRedis(dir, log) {
	const port = await n8n.freePort();
	const logFile = path.join(dir, 'redis.log');
	// No persistence except an explicit SAVE (for the secret search), uncompressed so it can be read.
	const proc = startProcess(
		'redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
			'--dbfilename',
			'dump.rdb',
			'--rdbcompression',
			'no',
			'--daemonize',
			'no',
		],
		{ cwd: dir, env: process.env, logFile },
	);
	const cli = (...args) =>
		execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
			encoding: 'utf8',
		});
	await waitFor('Redis', () => cli('PING').trim() === 'PONG', { proc });
	log(`Redis on 127.0.0.1:${port}`);
	return {
		proc,
		port,
		cli,
		/** Every key and value Redis holds, as raw bytes of an uncompressed RDB snapshot. */
		dump: () => {
			cli('SAVE');
			return fs.readFileSync(path.join(dir, 'dump.rdb')).toString('latin1');
		},
	};
}

/**
 * Starts PostgreSQL and Redis, makes an n8n user folder configured for queue mode and installs the
 * packed package into it. Call importCredentials/importWorkflow/publish on `folder` before startMain().
 */
async function createQueueStack({ log = () => {}, workers = 2, tarball } = {}) {
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
		};
		stack.folder = folder;
		const installed = n8n.installCommunityPackage(
			folder,
			tarball || n8n.packPackage(require('./stack').REPO),
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
