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
 *
 * Method (also printed): one process; the simulator runs in a worker thread (own event loop and heap, on
 * the second core) like a remote service. Every case runs each side once unmeasured (warm-up), then
 * `--runs` rounds in which the sides take turns in a rotating order; tables show medians, the spread
 * (min–max) and package ÷ reference ratios of the runs of one round (paired), median and min–max.
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

const { runNode, createPoller } = require(path.join(root, 'test/harness'));
const { cpuProfiler, measure, median, parseArgs, qs, rawClient, startSimulator } = require('./lib');
const { benchRegistry, runChain, httpRequestStep, SPLIT_OUT } = require('./workflows');
const { printTables } = require('./report');
const EVENTS = require('./events');

const args = parseArgs(process.argv.slice(2));
const RUNS = Number(args.runs ?? 5);
const CONCURRENCY = Number(args.concurrency ?? 8);
const LATENCY_MS = Number(args.latency ?? 20);
const ALL_CASES = ['getMany', 'create', 'concurrency', 'latency', 'idlePoll', 'poll'];
const CASES = new Set(String(args.cases ?? ALL_CASES.join(',')).split(','));
const SIDES = new Set(String(args.sides ?? 'package,floor,http,raw').split(','));
const CREDENTIAL = 'reviewCollectionProjectApi';
// --profile FILE: V8 CPU profiles of the measured runs, written as a JSON array (scripts/bench/profile.js).
const profiler = args.profile ? cpuProfiler() : undefined;

async function main() {
	const started = performance.now();
	const sim = await startSimulator(0);
	const registry = await benchRegistry();
	const credentials = { [CREDENTIAL]: { baseUrl: `${sim.baseUrl}/`, apiKey: sim.key } };
	const raw = rawClient(sim.baseUrl, sim.key);
	const rows = [];
	const notes = [];

	/**
	 * Measures the sides of one case. `sides`: { package, floor?, http?, raw } -> async () => { detail, ... };
	 * `setup(side)` runs before every run, unmeasured.
	 */
	async function compare(
		label,
		{ sides, setup, runs = RUNS, warmUp = true, targets = [], memory },
	) {
		const names = Object.keys(sides).filter((side) => SIDES.has(side));
		const results = Object.fromEntries(names.map((side) => [side, []]));
		if (warmUp) {
			for (const side of names) {
				if (setup) await setup(side);
				await sides[side]();
			}
		}
		await sim.clearLog();
		for (let run = 0; run < runs; run++) {
			const order = names.map((_, i) => names[(i + run) % names.length]);
			for (const side of order) {
				if (setup) await setup(side);
				const before = await sim.requestCount();
				const m = await measure(profiler ? profiler.wrap(side, sides[side]) : sides[side]);
				m.requests = (await sim.requestCount()) - before;
				results[side].push(m);
			}
			await sim.clearLog();
		}
		const row = { label, results, targets, memory };
		rows.push(row);
		const pkg = results.package?.map((m) => m.ms) ?? [];
		process.stdout.write(
			`  done: ${label} (package median ${pkg.length ? median(pkg).toFixed(0) : '-'} ms)\n`,
		);
		return row;
	}

	const node =
		(parameters, input, nodeType = 'reviewCollection') =>
		async () => {
			const result = await runNode({ registry, nodeType, parameters, credentials, input });
			if (result.error) throw result.error;
			return { items: result.items, detail: `${result.items.length} items` };
		};
	const chain = (steps, input) => async () => {
		const items = await runChain(registry, steps, credentials, input);
		return { items, detail: `${items.length} items` };
	};

	// Get Many reviews, Return All, over 10,000 reviews: 100 pages of 100.
	if (CASES.has('getMany')) {
		await sim.reset();
		await sim.seed({ kind: 'reviews', total: 10_000 });
		const getAll = { resource: 'review', operation: 'getAll', returnAll: true };
		await compare('Get Many reviews, Return All (10,000)', {
			sides: {
				package: node(getAll),
				floor: node(getAll, undefined, 'floorNode'),
				http: chain([
					httpRequestStep(CREDENTIAL, {
						method: 'GET',
						url: `${sim.baseUrl}/project/reviews`,
						sendQuery: true,
						queryParameters: { parameters: [{ name: 'per_page', value: '100' }] },
						options: {
							pagination: {
								pagination: {
									paginationMode: 'updateAParameterInEachRequest',
									parameters: {
										parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
									},
									paginationCompleteWhen: 'other',
									completeExpression:
										'={{ $response.body.pagination.current_page >= $response.body.pagination.last_page }}',
								},
							},
						},
						credentials,
					}),
					{ type: SPLIT_OUT, parameters: { fieldToSplitOut: 'data' } },
				]),
				raw: async () => {
					const records = [];
					for (let page = 1; ; page++) {
						const envelope = await raw.call(
							'GET',
							`/project/reviews?${qs({ page, per_page: 100 })}`,
						);
						records.push(...envelope.data);
						if (page >= envelope.pagination.last_page) break;
					}
					return { records, detail: `${records.length} records` };
				},
			},
			targets: [
				{ against: 'floor', max: 1.1 },
				{ against: 'http', max: 0.8 },
			],
			memory: { against: 'raw', max: 1.5 },
		});
	}

	// 1,000 items -> Create Charge (one customer per item: the API needs an email or a phone).
	const chargeInput = Array.from({ length: 1000 }, (_, i) => ({
		amount: 1000 + i,
		email: `buyer${i}@example.com`,
	}));
	const chargeParameters = (concurrency) => ({
		resource: 'charge',
		operation: 'create',
		amount: '={{ $json.amount }}',
		currency: 'USD',
		additionalFields: { email: '={{ $json.email }}' },
		...(concurrency ? { requestOptions: { concurrency } } : {}),
	});
	const httpCreate = (options = {}) =>
		chain(
			[
				httpRequestStep(CREDENTIAL, {
					method: 'POST',
					url: `${sim.baseUrl}/project/charges`,
					sendBody: true,
					contentType: 'json',
					specifyBody: 'keypair',
					bodyParameters: {
						parameters: [
							{ name: 'amount', value: '={{ $json.amount }}' },
							{ name: 'currency', value: 'USD' },
							{ name: 'email', value: '={{ $json.email }}' },
						],
					},
					options,
					credentials,
				}),
			],
			chargeInput,
		);
	const rawSequentialCharges = async () => {
		const created = [];
		for (const item of chargeInput) {
			const envelope = await raw.call('POST', '/project/charges', {
				amount: item.amount,
				currency: 'USD',
				email: item.email,
			});
			created.push(envelope.data);
		}
		return { created, detail: `${created.length} charges` };
	};
	const createSides = (concurrency, httpOptions) => ({
		package: node(chargeParameters(concurrency), chargeInput),
		floor: node(chargeParameters(concurrency), chargeInput, 'floorNode'),
		...(httpOptions ? { http: httpCreate(httpOptions) } : {}),
		raw: rawSequentialCharges,
	});
	const resetSim = async () => await sim.reset();
	if (CASES.has('create')) {
		await compare('Create Charge × 1,000 (sequential; HTTP Request: its default)', {
			setup: resetSim,
			sides: createSides(undefined, {}),
			targets: [{ against: 'floor', max: 1.1 }],
		});
	}
	if (CASES.has('concurrency')) {
		await compare(
			`Create Charge × 1,000, Concurrency ${CONCURRENCY} (HTTP Request: batching 1; raw sequential)`,
			{
				setup: resetSim,
				sides: createSides(CONCURRENCY, {
					batching: { batch: { batchSize: 1, batchInterval: 1 } },
				}),
				targets: [
					{ against: 'floor', max: 1.15 },
					{ against: 'http', max: 1.0 },
				],
			},
		);
	}
	if (CASES.has('latency')) {
		// Everything is warm from the cases above; raw sequential takes 1,000 × the latency per run.
		await sim.setLatency(LATENCY_MS);
		await compare(
			`${LATENCY_MS} ms latency: Create Charge × 1,000, Concurrency ${CONCURRENCY} (raw sequential)`,
			{
				setup: resetSim,
				sides: createSides(CONCURRENCY),
				runs: Math.min(RUNS, 3),
				warmUp: false,
				targets: [{ against: 'raw', max: 0.28 }],
			},
		);
		await sim.setLatency(0);
	}

	if (CASES.has('idlePoll') || CASES.has('poll')) {
		await triggerCases({ sim, registry, credentials, raw, compare, notes });
	}

	await raw.dispatcher.close();
	await sim.stop();
	if (profiler) fs.writeFileSync(args.profile, JSON.stringify(profiler.profiles));
	printTables(rows, notes, {
		runs: RUNS,
		minutes: (performance.now() - started) / 60_000,
		machine: `Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`,
	});
}

/** A trigger (package or floor) whose first poll, in setup, has recorded the cursor. */
async function newPoller({ registry, credentials, notes }, side, spec) {
	const poller =
		side === 'package'
			? createPoller({ registry, parameters: { event: spec.event }, credentials })
			: createPoller({
					registry,
					nodeType: 'floorTrigger',
					parameters: {
						listPath: spec.listPath,
						sortKey: spec.sortKey,
						firstPageSize: spec.firstPageSize,
					},
					credentials,
				});
	const first = await poller.poll();
	if (first !== null)
		notes.push(
			`${side} ${spec.event}: the first poll emitted items (it should only record the cursor)`,
		);
	return poller;
}

async function triggerCases(context) {
	const { sim, raw, compare } = context;
	await sim.reset();
	const pollers = {};
	const pollSide = (side) => async () => {
		const emitted = await pollers[side].poll();
		const items = emitted?.[0] ?? [];
		return { items, detail: `${items.length} emitted` };
	};
	// The idle poll's request, as the trigger's walk sends it: newest first, one page of 100.
	const firstPage = (spec) =>
		`${spec.listPath}?${qs({ sort_key: spec.sortKey, sort_dir: 'desc', page: 1, per_page: 100 })}`;

	if (CASES.has('idlePoll')) {
		for (const spec of EVENTS) {
			await sim.seed({ kind: spec.seed, total: 100_000 });
			await compare(`Idle poll, ${spec.event}, 100,000 records of history`, {
				runs: RUNS * 2,
				setup: async (side) => {
					if (side !== 'raw') pollers[side] = await newPoller(context, side, spec);
				},
				sides: {
					package: pollSide('package'),
					floor: pollSide('floor'),
					raw: async () => ({
						detail: `${(await raw.call('GET', firstPage(spec))).data.length} read`,
					}),
				},
				targets: [{ against: 'requests', max: 1 }],
			});
		}
	}

	if (CASES.has('poll')) {
		const reviews = EVENTS.find((spec) => spec.event === 'newReview');
		await sim.seed({ kind: 'reviews', total: 100_000 });
		let cursor;
		await compare('Poll finding 10,000 new reviews', {
			setup: async (side) => {
				if (side !== 'raw') pollers[side] = await newPoller(context, side, reviews);
				cursor = await sim.lastReviewId();
				await sim.seed({ kind: 'reviews', count: 10_000 });
			},
			sides: {
				package: pollSide('package'),
				floor: pollSide('floor'),
				// Raw paging: newest first, 100 per page, until the cursor is reached; then oldest first.
				raw: async () => {
					const fresh = [];
					for (let page = 1; ; page++) {
						const envelope = await raw.call(
							'GET',
							`/project/reviews?${qs({ sort_key: 'id', sort_dir: 'desc', per_page: 100, page })}`,
						);
						const newer = envelope.data.filter((review) => review.id > cursor);
						fresh.push(...newer);
						if (newer.length < envelope.data.length || page >= envelope.pagination.last_page) break;
					}
					fresh.reverse();
					return { fresh, detail: `${fresh.length} new` };
				},
			},
			targets: [{ against: 'floor', max: 1.1 }],
			memory: { against: 'raw' },
		});
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
