'use strict';
// Long-running processes of the queue stack (PostgreSQL, Redis, n8n workers). Each runs in its own
// process group, registered in liveGroups: a process 'exit' hook SIGKILLs whatever is left, so nothing
// keeps running after a failure.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const n8n = require('../../n8n/n8n-app');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Process groups started by any stack of this process: killed on exit whatever happened. */
const liveGroups = new Set();
process.on('exit', () => {
	for (const pid of liveGroups) n8n.killGroup(pid, 'SIGKILL');
});

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

/** Resolves once check() is truthy; fails early (with the log's tail) when proc exits first. */
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

module.exports = { liveGroups, startProcess, stopProcess, waitFor };
