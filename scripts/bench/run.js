#!/usr/bin/env node
/**
 * Benchmark: the action node (and the trigger) in n8n-core's real engine against the API simulator,
 * versus a raw HTTP client (undici, keep-alive) doing the same requests, in the same process run.
 *
 *   npm run bench                       # build (type check), then every case, 5 runs each, medians
 *   node scripts/bench/run.js --runs 3 --cases 1,2 --concurrency 8
 *
 * Methodology (also printed):
 * - One process. The simulator runs in a worker thread (own event loop and heap, the second core), like
 *   a remote service; `--latency ms` adds a delay to every answer (default 0: pure overhead).
 * - Each case runs node and raw once unmeasured (warm-up: module loading, JIT), then alternately
 *   `--runs` times; the table shows medians.
 * - Time: wall clock (performance.now) around one node execution / one raw loop.
 * - Memory: `global.gc()` (needs --expose-gc, the script re-launches itself with it), then heapUsed is
 *   sampled every 2 ms while the run goes on and once at its end with the result still referenced;
 *   "peak heap" = highest sample - heapUsed after gc before the run (main thread only: the simulator's
 *   heap is the worker's). For the node it includes the engine's run data.
 * - Requests: counted in the simulator's request log.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

if (typeof global.gc !== 'function') {
	const result = spawnSync(process.execPath, ['--expose-gc', __filename, ...process.argv.slice(2)], {
		stdio: 'inherit',
	});
	process.exit(result.status ?? 1);
}

require('./register-ts');
const root = path.resolve(__dirname, '../..');
const { applyTestEnvironment } = require(path.join(root, 'test/harness/test-environment'));
const userFolder = applyTestEnvironment();
if (userFolder) process.on('exit', () => fs.rmSync(userFolder, { recursive: true, force: true }));

const { runNode, createPoller } = require(path.join(root, 'test/harness'));
const { measure, median, parseArgs, qs, rawClient, startSimulator } = require('./lib');

const args = parseArgs(process.argv.slice(2));
const RUNS = Number(args.runs ?? 5);
const LATENCY_MS = Number(args.latency ?? 0);
const CASES = new Set(String(args.cases ?? '1,2,3,4,5').split(','));
const CONCURRENCY = Number(args.concurrency ?? 8);
const TRIGGER_FILE = path.join(root, 'nodes/ReviewCollectionTrigger/ReviewCollectionTrigger.node.ts');

async function main() {
	const sim = await startSimulator(LATENCY_MS);
	const credentials = {
		reviewCollectionProjectApi: { baseUrl: `${sim.baseUrl}/`, apiKey: sim.key },
	};
	const raw = rawClient(sim.baseUrl, sim.key);
	const rows = [];
	const notes = [];

	async function compare(label, { node, raw: rawRun, setup, target }) {
		const results = { node: [], raw: [] };
		// One unmeasured round first: loads and JIT-compiles the node, the engine and undici.
		for (const side of ['node', 'raw']) {
			if (setup) await setup(side);
			await (side === 'node' ? node : rawRun)();
		}
		await sim.clearLog();
		for (let run = 0; run < RUNS; run++) {
			for (const side of run % 2 ? ['raw', 'node'] : ['node', 'raw']) {
				if (setup) await setup(side);
				const before = await sim.requestCount();
				const m = await measure(side === 'node' ? node : rawRun);
				m.requests = (await sim.requestCount()) - before;
				results[side].push(m);
			}
			await sim.clearLog();
		}
		const pick = (side, key) => median(results[side].map((m) => m[key]));
		const row = {
			label,
			nodeMs: pick('node', 'ms'),
			rawMs: pick('raw', 'ms'),
			nodeReq: pick('node', 'requests'),
			rawReq: pick('raw', 'requests'),
			nodeHeap: pick('node', 'heapMb'),
			rawHeap: pick('raw', 'heapMb'),
			detail: results.node[0].detail,
			target,
		};
		row.ratio = row.nodeMs / row.rawMs;
		rows.push(row);
		process.stdout.write(`  done: ${label}\n`);
		return row;
	}

	// (1) Get Many reviews, Return All, over 10,000 reviews.
	if (CASES.has('1')) {
		await sim.reset();
		await sim.addReviews({ total: 10_000 });
		await compare('1. Get Many reviews, Return All (10,000)', {
			node: async () => {
				const result = await runNode({
					parameters: { resource: 'review', operation: 'getAll', returnAll: true },
					credentials,
				});
				if (result.error) throw result.error;
				return { items: result.items, detail: `${result.items.length} items` };
			},
			raw: async () => {
				const records = [];
				for (let page = 1; ; page++) {
					const envelope = await raw.call('GET', `/project/reviews?${qs({ page, per_page: 100 })}`);
					records.push(...envelope.data);
					if (page >= envelope.pagination.last_page) break;
				}
				return { records, detail: `${records.length} records` };
			},
			target: (row) => [row.ratio <= 1.15 && row.nodeReq === 100, '≤ 1.15× and exactly 100 requests'],
		});
		const before = await sim.requestCount();
		await runNode({ parameters: { resource: 'review', operation: 'getAll', returnAll: true }, credentials });
		const [firstRequest] = await sim.requestsSince(before);
		const sent = `${firstRequest.path}?${qs(firstRequest.query)}`;
		notes.push(`case 1: the node's first request is ${sent}; raw sends /project/reviews?page=1&per_page=100`);
	}

	// (2)/(3) 1,000 items → Create Charge.
	// One customer per item (the API needs an email or a phone); every run starts from a fresh seed.
	const chargeInput = Array.from({ length: 1000 }, (_, i) => ({ amount: 1000 + i, email: `buyer${i}@example.com` }));
	const chargeParameters = (requestOptions) => ({
		resource: 'charge',
		operation: 'create',
		amount: '={{ $json.amount }}',
		currency: 'USD',
		additionalFields: { email: '={{ $json.email }}' },
		...(requestOptions ? { requestOptions } : {}),
	});
	const rawSequentialCharges = async () => {
		const created = [];
		for (const item of chargeInput) {
			const envelope = await raw.call('POST', '/project/charges', { amount: item.amount, currency: 'USD', email: item.email });
			created.push(envelope.data);
		}
		return { created, detail: `${created.length} charges` };
	};
	const nodeCharges = (requestOptions) => async () => {
		const result = await runNode({ parameters: chargeParameters(requestOptions), credentials, input: chargeInput });
		if (result.error) throw result.error;
		const inOrder = result.items.every((item, i) => item.pairedItem.item === i && item.json.amount === 1000 + i);
		return { items: result.items, detail: `${result.items.length} items, order+pairedItem ${inOrder ? 'exact' : 'WRONG'}` };
	};
	if (CASES.has('2')) {
		await compare('2. Create Charge × 1,000 items (default)', {
			setup: async () => await sim.reset(),
			node: nodeCharges(),
			raw: rawSequentialCharges,
			target: (row) => [row.ratio <= 3, '≤ 3×'],
		});
	}
	if (CASES.has('3')) {
		await compare(`3. Create Charge × 1,000, concurrency ${CONCURRENCY} (raw: sequential)`, {
			setup: async () => await sim.reset(),
			node: nodeCharges({ concurrency: CONCURRENCY }),
			raw: rawSequentialCharges,
			target: (row) => [row.ratio <= 1.0, '≤ 1.0× raw sequential'],
		});
	}

	// (4)/(5) The trigger.
	const triggerWanted = CASES.has('4') || CASES.has('5');
	if (triggerWanted && !fs.existsSync(TRIGGER_FILE)) {
		notes.push(
			`cases 4 and 5 skipped: ${path.relative(root, TRIGGER_FILE)} does not exist yet (the trigger node is being written).`,
		);
	} else if (triggerWanted) {
		await triggerCases(sim, credentials, raw, compare, notes);
	}

	await raw.dispatcher.close();
	await sim.stop();
	printTable(rows, notes);
}

async function triggerCases(sim, credentials, raw, compare, notes) {
	await sim.reset();
	await sim.addReviews({ total: 100_000 });
	const newPoller = async () => {
		const poller = createPoller({ parameters: { event: 'newReview' }, credentials });
		const first = await poller.poll();
		if (first !== null && first?.[0]?.length) notes.push('trigger: the first poll emitted items (it should only record the cursor)');
		return poller;
	};

	if (CASES.has('4')) {
		let poller;
		await compare('4. Trigger: idle poll, 100,000 reviews of history', {
			setup: async (side) => {
				if (side === 'node') poller = await newPoller();
			},
			node: async () => {
				const emitted = await poller.poll();
				return { detail: `${emitted?.[0]?.length ?? 0} emitted` };
			},
			// The least a raw client can do: ask for the newest review and compare it with its cursor.
			raw: async () => {
				const envelope = await raw.call('GET', `/project/reviews?${qs({ sort_key: 'id', sort_dir: 'desc', per_page: 1 })}`);
				return { detail: `newest id ${envelope.data[0]?.id}` };
			},
			target: (row) => [row.nodeReq === 1, 'one request'],
		});
	}

	if (CASES.has('5')) {
		let poller;
		let cursor;
		await compare('5. Trigger: poll finding 10,000 new reviews', {
			setup: async (side) => {
				if (side === 'node') poller = await newPoller();
				cursor = await sim.lastReviewId();
				await sim.addReviews({ count: 10_000 });
			},
			node: async () => {
				const emitted = await poller.poll();
				const items = emitted?.[0] ?? [];
				const ascending = items.every((item, i) => i === 0 || item.json.id > items[i - 1].json.id);
				return { items, detail: `${items.length} emitted${ascending ? ', oldest first' : ', NOT in order'}` };
			},
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
			target: (row) => [row.ratio <= 1.2, '≤ 1.2× raw paging'],
		});
	}
}

function printTable(rows, notes) {
	const fmt = (n, digits = 0) => n.toFixed(digits);
	const header = ['case', 'node ms', 'raw ms', 'node/raw', 'node req', 'raw req', 'node Δheap MB', 'raw Δheap MB', 'heap ratio', 'target', 'met'];
	const lines = rows.map((row) => {
		const [met, text] = row.target(row);
		const heapRatio = row.rawHeap > 0 ? row.nodeHeap / row.rawHeap : NaN;
		let memoryTarget = '';
		let memoryMet = true;
		if (row.label.startsWith('1.')) {
			memoryMet = heapRatio <= 1.5;
			memoryTarget = '; heap ≤ 1.5× raw';
		}
		return [
			row.label,
			fmt(row.nodeMs),
			fmt(row.rawMs),
			`${fmt(row.ratio, 2)}×`,
			String(row.nodeReq),
			String(row.rawReq),
			fmt(row.nodeHeap, 1),
			fmt(row.rawHeap, 1),
			Number.isNaN(heapRatio) ? '-' : `${fmt(heapRatio, 2)}×`,
			text + memoryTarget,
			met && memoryMet ? 'yes' : met ? 'time yes, memory NO' : 'NO',
		];
	});
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
	const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	console.log('');
	console.log(`Node ${process.version}, ${require('node:os').cpus().length} CPUs, ${RUNS} runs per case, medians.`);
	console.log(line(header));
	console.log(line(widths.map((w) => '-'.repeat(w))));
	for (const l of lines) console.log(line(l));
	console.log('');
	for (const row of rows) console.log(`  ${row.label}: ${row.detail}`);
	for (const note of notes) console.log(`  note: ${note}`);
	console.log(
		'\nMethod: one process; node = the workflow run by n8n-core WorkflowExecute (trigger: PollTriggerExecutor),' +
			' HTTP through n8n-core helpers; raw = undici keep-alive; the simulator runs in a worker thread' +
			` (added latency per answer: ${LATENCY_MS} ms). Δheap = peak main-thread heapUsed (2 ms samples + end)` +
			' minus heapUsed after gc before the run, result still referenced. Medians of the runs after one warm-up.',
	);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
