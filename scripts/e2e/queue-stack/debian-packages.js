'use strict';
// The system services queue mode needs, from Debian: found where Debian puts them, installed when missing.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

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

module.exports = { ensureQueuePackages, postgresBin };
