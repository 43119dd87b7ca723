'use strict';
// The n8n CLI as the e2e tests and the demo use it: import credentials and workflows, publish, run a
// workflow and read what its nodes output. Split from n8n-app.js (which re-exports all of it).
const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

// Required when called: n8n-app.js requires this file while it is being loaded.
const app = () => require('./n8n-app');

/**
 * Runs `n8n <args...>` on Node 24 for this folder. Resolves { code, signal, stdout, stderr }.
 * detached => own process group, so a timeout kills the runner children too.
 */
async function runCli(folder, args, { env = {}, timeoutMs = 180000 } = {}) {
	// `execute` starts its own task broker: a fresh port lets it run while `n8n start` (which
	// holds folder.brokerPort) is up for the same folder.
	const brokerPort = String(await app().freePort());
	return new Promise((resolve, reject) => {
		const child = spawn(folder.node, [folder.bin, ...args], {
			cwd: folder.dir,
			env: app().n8nEnv(folder, { N8N_RUNNERS_BROKER_PORT: brokerPort, ...env }),
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => {
			stdout += d;
		});
		child.stderr.on('data', (d) => {
			stderr += d;
		});
		const timer = setTimeout(() => app().killGroup(child.pid, 'SIGKILL'), timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			app().killGroup(child.pid, 'SIGKILL'); // leave no runner behind
			resolve({ code, signal, stdout, stderr });
		});
	});
}

function cliError(what, r) {
	return new Error(
		`${what} failed (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})\n` +
			`--- stdout ---\n${r.stdout.slice(-4000)}\n--- stderr ---\n${r.stderr.slice(-4000)}`,
	);
}

let fileCounter = 0;
function writeTemp(folder, prefix, data) {
	const file = path.join(folder.dir, `${prefix}-${process.pid}-${++fileCounter}.json`);
	fs.writeFileSync(file, JSON.stringify(data, null, 2), { mode: 0o600 });
	return file;
}

/** n8n-style id: 16 chars [A-Za-z0-9] (what n8n's generateNanoId produces). */
function newId() {
	const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(crypto.randomBytes(16), (b) => abc[b % abc.length]).join('');
}

/**
 * Imports credentials: [{ id?, name, type, data: { ...plain fields } }]. n8n 2.41 encrypts a
 * plain-object `data` itself (no --decrypted flag needed). Owner: the instance owner's project
 * (n8n creates a shell owner at first migration, so no owner setup is needed). Returns the list
 * with ids filled in.
 */
async function importCredentials(folder, credentials) {
	const list = credentials.map((c) => ({ id: newId(), ...c }));
	const file = writeTemp(folder, 'credentials', list);
	// log level info: the command reports errors only as log lines ("An error occurred ...").
	const r = await runCli(folder, ['import:credentials', `--input=${file}`], {
		env: { N8N_LOG_LEVEL: 'info' },
	});
	if (r.code !== 0 || !/Successfully imported \d+ credential/.test(r.stdout + r.stderr)) {
		throw cliError('n8n import:credentials', r);
	}
	return list;
}

/**
 * Imports one workflow object, or an array of them in one CLI run (each n8n CLI run boots
 * n8n: ~5-10 s). Missing ids are generated. Returns the id (or the array of ids).
 */
async function importWorkflow(folder, workflow) {
	const wfs = []
		.concat(workflow)
		.map((w) => ({ id: newId(), active: false, settings: {}, connections: {}, ...w }));
	const file = writeTemp(folder, 'workflow', wfs);
	const r = await runCli(folder, ['import:workflow', `--input=${file}`], {
		env: { N8N_LOG_LEVEL: 'info' },
	});
	if (r.code !== 0 || !/Successfully imported \d+ workflow/.test(r.stdout + r.stderr)) {
		throw cliError('n8n import:workflow', r);
	}
	return Array.isArray(workflow) ? wfs.map((w) => w.id) : wfs[0].id;
}

/**
 * Makes a workflow active from the next `n8n start` on: `publish:workflow` where the CLI has that
 * command (2.x), else `update:workflow --active=true` (1.x). Chosen by what the CLI answers, not by
 * its version. Resolves the command that did it.
 */
async function activateWorkflow(folder, workflowId) {
	const env = { N8N_LOG_LEVEL: 'info' };
	const publish = await runCli(folder, ['publish:workflow', `--id=${workflowId}`], { env });
	if (publish.code === 0) return 'publish:workflow';
	if (!/command "?publish:workflow"? not found/i.test(publish.stdout + publish.stderr)) {
		throw cliError('n8n publish:workflow', publish);
	}
	const args = ['update:workflow', `--id=${workflowId}`, '--active=true'];
	const update = await runCli(folder, args, { env });
	if (update.code !== 0) throw cliError('n8n update:workflow', update);
	return 'update:workflow';
}

/**
 * Extracts the run JSON printed by `execute`: JSON.stringify(run, null, 2) starts with a
 * line "{" and ends with a line "}" (log lines may surround it).
 */
function parseRunOutput(stdout) {
	const lines = stdout.split(/\r?\n/);
	const start = lines.indexOf('{');
	if (start < 0) return null;
	for (let end = lines.length - 1; end > start; end--) {
		if (lines[end] !== '}') continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n'));
		} catch {
			/* try shorter */
		}
	}
	return null;
}

/**
 * `n8n execute --id=<id> --rawOutput`. Resolves { ok, run, error, code, stdout, stderr }:
 * run = n8n's IRun ({ status, data: { resultData: { runData, lastNodeExecuted, error? } } }).
 * On a failed execution n8n exits non-zero and prints the run at log level info, so it is
 * still parsed; `error` is resultData.error. Rejects only if no run JSON could be found.
 */
async function executeWorkflow(folder, workflowId, { timeoutMs = 180000 } = {}) {
	const r = await runCli(folder, ['execute', `--id=${workflowId}`, '--rawOutput'], {
		env: { N8N_LOG_LEVEL: 'info' },
		timeoutMs,
	});
	const run = parseRunOutput(r.stdout);
	if (!run) throw cliError(`n8n execute --id=${workflowId}`, r);
	const error = run.data && run.data.resultData && run.data.resultData.error;
	return { ok: r.code === 0 && !error, run, error: error || null, ...r };
}

/** json of the items a node output (run index 0, output 0 by default). */
function nodeOutput(run, nodeName, { runIndex = 0, output = 0 } = {}) {
	const runs = run.data.resultData.runData[nodeName];
	if (!runs) throw new Error(`node "${nodeName}" did not run`);
	const main = (runs[runIndex].data && runs[runIndex].data.main) || [];
	return (main[output] || []).map((item) => item.json);
}

module.exports = {
	runCli,
	newId,
	importCredentials,
	importWorkflow,
	activateWorkflow,
	parseRunOutput,
	executeWorkflow,
	nodeOutput,
};
