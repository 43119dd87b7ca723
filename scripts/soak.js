#!/usr/bin/env node
'use strict';
// npm run soak -- --seeds N [--from S] [--workers W] [--dialect NAME|all]
// Runs the trigger's reference model (test/trigger/model.test.ts) over seeds S..S+N-1 (default S =
// 1000, past the fixed seeds of npm test), in W parallel jest processes (default 2), each taking
// chunks of seeds, against the simulator's dialect NAME (test/simulator/dialect.ts; default `guesses`,
// `all`: every seed against every dialect). Prints every failing seed with its shortest history;
// exit code 1 if any failed.
const { spawn } = require('node:child_process');
const path = require('node:path');

function option(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function text(name, fallback) {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? process.argv[index + 1] : fallback;
}

const seeds = option('seeds', 200);
const dialect = text('dialect', 'guesses');
const from = option('from', 1000);
const workers = option('workers', 2);
const chunk = Math.max(20, Math.min(250, Math.ceil(seeds / (workers * 4))));
const root = path.join(__dirname, '..');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');

const chunks = [];
for (let start = from; start < from + seeds; start += chunk)
	chunks.push([start, Math.min(from + seeds, start + chunk) - 1]);

/** The model's own report of each failing seed, from jest's output. */
function reports(output) {
	const found = [];
	const re = /Dialect ([\w-]+)\. Trigger model: seed (\d+) fails\.[\s\S]*?\(replay:[^\n]*\)/g;
	for (let m = re.exec(output); m; m = re.exec(output))
		found.push({
			seed: `${m[2]} (${m[1]})`,
			text: `${m[0].replace(/^\s{4}/gm, '')} (dialect: MODEL_DIALECTS=${m[1]})`,
		});
	return found;
}

function runChunk([first, last]) {
	return new Promise((resolve) => {
		const child = spawn(
			process.execPath,
			[jest, 'test/trigger/model.test.ts', '--ci', '--runInBand', '--silent'],
			// Shrinking costs many runs: the first 3 failing seeds of each chunk are shrunk.
			{
				cwd: root,
				env: {
					MODEL_SHRINK: '3',
					...process.env,
					MODEL_SEEDS: `${first}-${last}`,
					MODEL_DIALECTS: dialect,
				},
			},
		);
		let output = '';
		child.stdout.on('data', (d) => (output += d));
		child.stderr.on('data', (d) => (output += d));
		child.on('close', (code) => {
			const failed = reports(output);
			if (code !== 0 && failed.length === 0)
				failed.push({
					seed: first,
					text: `seeds ${first}-${last}: jest exited ${code}\n${output.slice(-3000)}`,
				});
			resolve(failed);
		});
	});
}

async function main() {
	const started = Date.now();
	const failures = [];
	let next = 0;
	let done = 0;
	async function worker() {
		while (next < chunks.length) {
			const c = chunks[next++];
			const failed = await runChunk(c);
			failures.push(...failed);
			done += c[1] - c[0] + 1;
			for (const f of failed) console.log(`\n${f.text}\n`);
			console.log(
				`soak: ${done}/${seeds} seeds, ${failures.length} failing, ${Math.round((Date.now() - started) / 1000)} s`,
			);
		}
	}
	await Promise.all(Array.from({ length: Math.min(workers, chunks.length) }, worker));
	const seconds = Math.round((Date.now() - started) / 1000);
	const list = failures.map((f) => f.seed).sort((a, b) => parseInt(a) - parseInt(b));
	console.log(
		`\nsoak: ${seeds} seeds (${from}..${from + seeds - 1}), dialect ${dialect}, in ${seconds} s: ` +
			(list.length ? `${list.length} failing: ${list.join(', ')}` : 'all passed'),
	);
	process.exit(list.length ? 1 : 0);
}

void main();
