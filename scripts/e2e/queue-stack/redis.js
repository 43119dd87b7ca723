'use strict';
// A private Redis (n8n's job queue) on a free 127.0.0.1 port.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('../../n8n/n8n-app');
const { startProcess, waitFor } = require('./processes');

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

module.exports = { startRedis };
