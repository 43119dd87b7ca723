#!/usr/bin/env node
/**
 * Benchmark (issue 17): the package in n8n-core's real engine against the API simulator, next to three
 * references doing the same job in the same run:
 *   floor        test/harness/fixtures/Floor*.node.ts: the same requests through httpRequestWithAuthentication
 *                with the same parameter expressions and nothing else (n8n's own cost per request);
 *   HTTP Request n8n-nodes-base's HTTP Request node configured as a user would (pagination + Split Out for
 *                Get Many, one item per request for creates, batching 1 for the concurrency case);
 *   raw          undici with a keep-alive agent: the physical limit.
 *
 *   npm run bench                          # build, then every case (~6 minutes here)
 *   node scripts/bench/run.js --runs 3 --cases getMany,create --concurrency 8
 *   node scripts/bench/run.js --sides package,floor       # fewer sides
 *   node scripts/bench/run.js --sides floor --cases poll --profile /tmp/floor.json   # see profile.js
 *   node scripts/bench/run.js --cases backlog,backlogCapped,agencyIdle   # the trigger at scale (trigger-scale-cases.js)
 *   node scripts/bench/run.js --dialect strict-25 --cases getMany,poll  # a service whose largest page is 25
 *                                          (test/simulator/dialect.ts: any dialect by name)
 *
 * Method (also printed): one process; the simulator runs in a worker thread (own event loop and heap, on
 * the second core) like a remote service. Every case runs each side once unmeasured (warm-up), then
 * `--runs` rounds in which the sides take turns in a rotating order; tables show medians, the spread
 * (min–max) and package ÷ reference ratios of the runs of one round (paired), median and min–max.
 *
 * This file reads the flags and runs the cases in order: action-cases.js and trigger-cases.js define them,
 * compare.js measures one case, report.js prints the tables.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

if (typeof global.gc !== 'function') {
	const result = spawnSync(
		process.execPath,
		['--expose-gc', ...process.execArgv, __filename, ...process.argv.slice(2)],
		{
			stdio: 'inherit',
		},
	);
	process.exit(result.status ?? 1);
}

require('./register-ts');
const root = path.resolve(__dirname, '../..');
const { applyTestEnvironment } = require(path.join(root, 'test/harness/test-environment'));
const userFolder = applyTestEnvironment();
if (userFolder) process.on('exit', () => fs.rmSync(userFolder, { recursive: true, force: true }));

const { cpuProfiler, parseArgs, rawClient, startSimulator } = require('./lib');
const { benchRegistry } = require('./workflows');
const { createCompare } = require('./compare');
const { actionCases } = require('./action-cases');
const { triggerCases } = require('./trigger-cases');
const { triggerScaleCases } = require('./trigger-scale-cases');
const { printTables } = require('./report');

const args = parseArgs(process.argv.slice(2));
const RUNS = Number(args.runs ?? 5);
const CONCURRENCY = Number(args.concurrency ?? 8);
const LATENCY_MS = Number(args.latency ?? 20);
// --dialect NAME: the simulator answers as that dialect (other names, a smaller largest page …).
const DIALECT = args.dialect === undefined ? undefined : String(args.dialect);
const ALL_CASES = [
	'getMany',
	'returnAllLate',
	'create',
	'concurrency',
	'latency',
	'idlePoll',
	'poll',
	'backlog',
	'backlogCapped',
	'agencyIdle',
];
const CASES = new Set(String(args.cases ?? ALL_CASES.join(',')).split(','));
const SIDES = new Set(String(args.sides ?? 'package,package1,floor,http,raw').split(','));
const CREDENTIAL = 'reviewCollectionProjectApi';
// --profile FILE: V8 CPU profiles of the measured runs, written as a JSON array (scripts/bench/profile.js).
const profiler = args.profile ? cpuProfiler() : undefined;

async function main() {
	const started = performance.now();
	const sim = await startSimulator(0, DIALECT);
	const registry = await benchRegistry();
	const credentials = { [CREDENTIAL]: { baseUrl: `${sim.baseUrl}/`, apiKey: sim.key } };
	const raw = rawClient(sim.baseUrl, sim.key);
	const rows = [];
	const notes = [];
	const compare = createCompare({ sim, sideNames: SIDES, runs: RUNS, profiler, rows });
	const context = {
		sim,
		registry,
		credentials,
		credentialType: CREDENTIAL,
		raw,
		compare,
		notes,
		options: { cases: CASES, runs: RUNS, concurrency: CONCURRENCY, latencyMs: LATENCY_MS },
	};

	// In this order: the latency case relies on everything being warm from the cases before it.
	await actionCases(context);
	if (CASES.has('idlePoll') || CASES.has('poll')) {
		await triggerCases(context);
	}
	await triggerScaleCases(context);

	await raw.dispatcher.close();
	await sim.stop();
	if (profiler) fs.writeFileSync(args.profile, JSON.stringify(profiler.profiles));
	printTables(rows, notes, {
		runs: RUNS,
		minutes: (performance.now() - started) / 60_000,
		machine: `Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}, simulator dialect ${DIALECT ?? 'guesses'}`,
	});
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
