'use strict';
// The n8n server (`n8n start`) in the background, plus the few REST calls tests need.
// Verified against n8n 2.41.1 and 1.123.81 sources (dist/controllers/*.js, dist/server.js).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

// Fixed browser id: n8n binds the auth cookie to a hash of the `browser-id` header when
// one was sent at login; sending the same one on every request keeps that check happy.
const BROWSER_ID = 'n8n-nodes-review-collection-scripts';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
	} catch (e) {
		if (e.code !== 'ESRCH') throw e;
	}
}

/**
 * Starts `n8n start` for a user folder (see n8n-app.createUserFolder) in its own process
 * group, logs to <dir>/n8n-server.log, and waits until GET /healthz/readiness answers 200
 * (DB up, migrations done) and its REST routes answer (GET /rest/settings: 1.x reports ready
 * before it registers them). Resolves a server handle { url, port, pid, logFile, folder }.
 */
async function startServer(folder, { env = {}, timeoutMs = 180000 } = {}) {
	const { n8nEnv } = require('./n8n-app');
	const logFile = path.join(folder.dir, 'n8n-server.log');
	const out = fs.openSync(logFile, 'a');
	const child = spawn(folder.node, [folder.bin, 'start'], {
		cwd: folder.dir,
		env: n8nEnv(folder, { N8N_LOG_LEVEL: 'info', ...env }),
		detached: true,
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	const server = {
		url: `http://127.0.0.1:${folder.port}`,
		port: folder.port,
		pid: child.pid,
		logFile,
		folder,
		child,
		exited: null,
	};
	server.exitPromise = new Promise((resolve) =>
		child.on('exit', (code, signal) => {
			server.exited = { code, signal };
			resolve(server.exited);
		}),
	);
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (server.exited) {
			throw new Error(
				`n8n start exited early (${JSON.stringify(server.exited)}):\n${tail(logFile)}`,
			);
		}
		try {
			const ready = await fetch(`${server.url}/healthz/readiness`);
			const rest = ready.status === 200 && (await fetch(`${server.url}/rest/settings`));
			if (rest && rest.status === 200) return server;
		} catch {
			/* not listening yet */
		}
		await sleep(500);
	}
	await stopServer(server);
	throw new Error(`n8n did not become ready within ${timeoutMs} ms:\n${tail(logFile)}`);
}

function tail(file, n = 60) {
	try {
		return fs.readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
	} catch {
		return '';
	}
}

/**
 * Stops the server: SIGTERM to the whole group (n8n + task runner), SIGKILL after
 * timeoutMs, then SIGKILL the group again so no orphan survives. Idempotent.
 */
async function stopServer(server, { timeoutMs = 20000 } = {}) {
	if (!server.exited) {
		killGroup(server.pid, 'SIGTERM');
		const timer = setTimeout(() => killGroup(server.pid, 'SIGKILL'), timeoutMs);
		await server.exitPromise;
		clearTimeout(timer);
	}
	killGroup(server.pid, 'SIGKILL');
	return server.exited;
}

/**
 * fetch against the server with JSON in/out and the auth cookie. Resolves
 * { status, body, cookie } where cookie is the `n8n-auth=...` pair if one was set.
 * REST routes live under /rest; n8n wraps successful REST results as { data: ... }.
 */
async function request(server, method, urlPath, { body, cookie } = {}) {
	const headers = { 'browser-id': BROWSER_ID, accept: 'application/json' };
	if (body !== undefined) headers['content-type'] = 'application/json';
	if (cookie) headers.cookie = cookie;
	const res = await fetch(`${server.url}${urlPath}`, {
		method,
		headers,
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	let parsed = text;
	try {
		parsed = JSON.parse(text);
	} catch {
		/* not JSON */
	}
	const setCookie = (res.headers.getSetCookie ? res.headers.getSetCookie() : [])
		.map((c) => c.split(';')[0])
		.find((c) => c.startsWith('n8n-auth='));
	return { status: res.status, body: parsed, cookie: setCookie || null };
}

async function expectOk(what, promise) {
	const r = await promise;
	if (r.status < 200 || r.status >= 300) {
		throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 2000)}`);
	}
	return r;
}

const DEFAULT_OWNER = {
	email: 'owner@example.com',
	password: 'Passw0rd-Owner',
	firstName: 'Test',
	lastName: 'Owner',
};

/**
 * POST /rest/owner/setup { email, firstName, lastName, password } (skipAuth). Password
 * rules: 8-64 chars, at least one digit and one uppercase letter. Sets the auth cookie.
 * Resolves { user, cookie }.
 */
async function setupOwner(server, owner = DEFAULT_OWNER) {
	const r = await expectOk(
		'owner setup',
		request(server, 'POST', '/rest/owner/setup', { body: owner }),
	);
	return { user: r.body.data, cookie: r.cookie };
}

/** POST /rest/login { emailOrLdapLoginId, password } -> { user, cookie }. */
async function login(server, { email, password } = DEFAULT_OWNER) {
	const r = await expectOk(
		'login',
		request(server, 'POST', '/rest/login', {
			body: { emailOrLdapLoginId: email, password },
		}),
	);
	if (!r.cookie) throw new Error('login: no n8n-auth cookie was set');
	return { user: r.body.data, cookie: r.cookie };
}

/**
 * All loaded node types (descriptions) via GET /types/nodes.json (auth cookie required);
 * community nodes appear as "<package-name>.<nodeName>".
 */
async function listNodeTypes(server, cookie) {
	const r = await expectOk(
		'GET /types/nodes.json',
		request(server, 'GET', '/types/nodes.json', { cookie }),
	);
	return r.body;
}

/** All loaded credential types via GET /types/credentials.json (auth cookie required). */
async function listCredentialTypes(server, cookie) {
	const r = await expectOk(
		'GET /types/credentials.json',
		request(server, 'GET', '/types/credentials.json', { cookie }),
	);
	return r.body;
}

/** Full descriptions of given types via POST /rest/node-types { nodeInfos: [{ name, version }] }. */
async function getNodeTypes(server, cookie, nodeInfos) {
	const r = await expectOk(
		'POST /rest/node-types',
		request(server, 'POST', '/rest/node-types', {
			cookie,
			body: { nodeInfos },
		}),
	);
	return r.body.data;
}

module.exports = {
	startServer,
	stopServer,
	request,
	setupOwner,
	login,
	listNodeTypes,
	listCredentialTypes,
	getNodeTypes,
	DEFAULT_OWNER,
};
