'use strict';
// Reusable helpers to drive the REAL n8n app (n8n@2.41.1, or the 1.x line's 1.123.81 when
// N8N_APP_VERSION says so; both on Node 24, installed by install.sh into a cache folder) from
// scripts and tests running on the system Node 20. Where the two lines differ, the helpers ask
// the app what it has (a route, a CLI command), never which version it is.
// Everything is isolated per "user folder" (a temp dir): its own sqlite DB, encryption
// key, ports and community packages. No helper reaches the internet.
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const INSTALL_SH = path.join(__dirname, 'install.sh');

/** The n8n the helpers run: N8N_APP_VERSION (the e2e suite sets it per line), else 2.41.1. */
const DEFAULT_VERSION = '2.41.1';
const appVersion = () => process.env.N8N_APP_VERSION || DEFAULT_VERSION;

/** Runs install.sh (a < 1 s no-op once installed) and returns { node, bin, version }. */
function ensureInstalled({ quiet = false, version = appVersion() } = {}) {
	// Without the npm_* variables of a calling `npm run` (the repo's .npmrc sets ignore-scripts,
	// exported as npm_config_ignore_scripts=true, which would make `npm rebuild sqlite3` a no-op).
	const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
	env.N8N_APP_VERSION = version;
	const out = execFileSync('bash', [INSTALL_SH], {
		encoding: 'utf8',
		env,
		stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
		maxBuffer: 64 * 1024 * 1024,
	});
	const get = (k) => (out.match(new RegExp(`^${k}=(.*)$`, 'm')) || [])[1];
	const node = get('N8N_NODE');
	const bin = get('N8N_BIN');
	if (!node || !bin) throw new Error(`install.sh printed no paths:\n${out}`);
	return { node, bin, version };
}

/** A free TCP port on 127.0.0.1 (the OS picks; tiny race window is acceptable here). */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/**
 * Fresh n8n user folder in a temp dir, with its own ports and a fixed encryption key.
 * n8n keeps everything under <dir>/.n8n (sqlite DB, config, community nodes).
 */
async function createUserFolder({ install } = {}) {
	const app = install || ensureInstalled();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-user-'));
	const n8nDir = path.join(dir, '.n8n');
	fs.mkdirSync(n8nDir, { recursive: true });
	const encryptionKey = crypto.randomBytes(24).toString('hex');
	// Same key in .n8n/config and N8N_ENCRYPTION_KEY: n8n refuses to start if they differ,
	// and 0600 avoids its "permissions too wide" warning.
	fs.writeFileSync(path.join(n8nDir, 'config'), JSON.stringify({ encryptionKey }), { mode: 0o600 });
	const port = await freePort();
	let brokerPort = await freePort();
	while (brokerPort === port) brokerPort = await freePort();
	return { dir, n8nDir, encryptionKey, port, brokerPort, node: app.node, bin: app.bin };
}

/**
 * Modules that would reach the internet, off where this n8n has them (it refuses to start when told
 * to disable a module it does not know, e.g. 1.x): mcp-registry fetches api.n8n.io/api/mcp-servers
 * at server start.
 */
function disabledModules(folder) {
	const modulesDir = path.join(path.dirname(path.dirname(folder.bin)), 'dist', 'modules');
	const present = ['mcp-registry'].filter((m) => fs.existsSync(path.join(modulesDir, m)));
	return present.length ? { N8N_DISABLED_MODULES: present.join(',') } : {};
}

/** Environment for a quiet, isolated, offline n8n bound to 127.0.0.1. */
function n8nEnv(folder, extra = {}) {
	const env = { ...process.env };
	// Don't leak a caller's n8n settings (or npm's per-script vars) into the child.
	for (const k of Object.keys(env)) if (/^(N8N_|DB_|npm_)/.test(k)) delete env[k];
	// Under jest NODE_ENV=test: n8n then runs in its own test mode (silent logger, CLI commands
	// that print and import nothing). The app must run as it does for users.
	delete env.NODE_ENV;
	delete env.JEST_WORKER_ID;
	return {
		...env,
		PATH: `${path.dirname(folder.node)}:${env.PATH}`, // runner child processes use this node
		N8N_USER_FOLDER: folder.dir,
		N8N_ENCRYPTION_KEY: folder.encryptionKey,
		N8N_PORT: String(folder.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_RUNNERS_BROKER_PORT: String(folder.brokerPort), // distinct per folder: parallel n8ns
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_MODE: 'internal',
		DB_TYPE: 'sqlite',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_SECURE_COOKIE: 'false', // plain http on localhost
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false', // would hit the registry / n8n's API
		N8N_VERIFIED_PACKAGES_ENABLED: 'false', // fetches the vetted-nodes list online
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// Everything that phones home, off.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_PYTHON_ENABLED: 'false',
		...disabledModules(folder),
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_LOG_LEVEL: 'warn',
		N8N_LOG_OUTPUT: 'console',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		NO_COLOR: '1',
		// A folder may carry settings of its own (queue mode: PostgreSQL, Redis), for every process.
		...folder.extraEnv,
		...extra,
	};
}

/** Kills a whole process group (n8n + its task-runner children); ignores "already gone". */
function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
	} catch (e) {
		if (e.code !== 'ESRCH') throw e;
	}
}

module.exports = {
	ensureInstalled,
	freePort,
	createUserFolder,
	n8nEnv,
	killGroup,
	...require('./n8n-cli'),
	...require('./n8n-server'),
	...require('./n8n-packages'),
};
