'use strict';
// A private PostgreSQL cluster for n8n's database, on a free 127.0.0.1 port, tuned for speed over
// durability (a test database lives minutes).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const n8n = require('../../n8n/n8n-app');
const { postgresBin } = require('./debian-packages');
const { startProcess, waitFor } = require('./processes');

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
			{ encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 },
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

module.exports = { startPostgres };
