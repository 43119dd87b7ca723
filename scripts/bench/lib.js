/** Measuring tools of the benchmark: timing and heap sampling, the raw client, the simulator worker. */
const path = require('node:path');
const v8 = require('node:v8');
const { fork } = require('node:child_process');
const { Agent, request } = require('undici');

function parseArgs(list) {
	const out = {};
	for (let i = 0; i < list.length; i++) {
		if (list[i].startsWith('--'))
			out[list[i].slice(2)] = list[i + 1]?.startsWith('--') ? true : list[++i];
	}
	return out;
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs `fn` once, measuring wall time, CPU time of this process (the simulator is another process, so this
 * is the client's work alone, and steadier than wall time on a shared machine) and peak heap growth; `fn`
 * returns what it produced (kept alive until the heap it holds is measured, after the timings).
 */
async function measure(fn) {
	// The side before may still hold its result until one of its timers fires (n8n's HTTP Request node
	// held its 16 MB of items for up to 10 ms after returning): measured into this side's base, it was
	// freed during this side's run and taken off its heap growth (raw's held heap came out at -3 MB).
	await new Promise((resolve) => setTimeout(resolve, 50));
	global.gc();
	global.gc();
	const base = process.memoryUsage().heapUsed;
	let peak = base;
	let peakRss = process.memoryUsage().rss;
	// v8 heap statistics are cheap to read; process.memoryUsage() (rss) costs more and is read at the end.
	const sampler = setInterval(() => {
		const used = v8.getHeapStatistics().used_heap_size;
		if (used > peak) peak = used;
	}, 2);
	const cpuBefore = process.cpuUsage();
	const start = performance.now();
	let kept = await fn();
	const ms = performance.now() - start;
	const cpu = process.cpuUsage(cpuBefore);
	clearInterval(sampler);
	const end = process.memoryUsage();
	if (end.heapUsed > peak) peak = end.heapUsed;
	if (end.rss > peakRss) peakRss = end.rss;
	const detail = kept?.detail;
	// What the run holds once its garbage is gone (result still referenced): unlike the peak, this does
	// not depend on when V8 last collected, so it shows what a side keeps rather than what it threw away.
	global.gc();
	global.gc();
	const held = process.memoryUsage().heapUsed - base;
	kept = undefined;
	return {
		ms,
		cpuMs: (cpu.user + cpu.system) / 1000,
		heapMb: (peak - base) / 2 ** 20,
		heldMb: held / 2 ** 20,
		rssMb: peakRss / 2 ** 20,
		detail,
	};
}

/** A raw keep-alive client: one connection, like a straightforward script. */
function rawClient(baseUrl, key) {
	const dispatcher = new Agent({ connections: 16, keepAliveTimeout: 30_000 });
	const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
	return {
		dispatcher,
		async call(method, pathAndQuery, body) {
			const response = await request(baseUrl + pathAndQuery, {
				method,
				dispatcher,
				headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
				body: body ? JSON.stringify(body) : undefined,
			});
			const json = await response.body.json();
			if (response.statusCode >= 300 || json.success !== true) {
				throw new Error(
					`raw ${method} ${pathAndQuery}: ${response.statusCode} ${JSON.stringify(json).slice(0, 200)}`,
				);
			}
			return json;
		},
	};
}

const qs = (query) => new URLSearchParams(query).toString();

/** The simulator, running in a child process (see sim-worker.js); every helper is async. */
async function startSimulator(latencyMs, dialect) {
	const worker = fork(path.join(__dirname, 'sim-worker.js'), [], {
		execArgv: [],
		stdio: 'inherit',
	});
	const pending = new Map();
	let nextId = 0;
	worker.on('message', ({ id, result, error }) => {
		const { resolve, reject } = pending.get(id);
		pending.delete(id);
		if (error) reject(new Error(error));
		else resolve(result);
	});
	worker.on('exit', (code) => {
		for (const { reject } of pending.values())
			reject(new Error(`the simulator process exited (${code})`));
	});
	worker.on('error', (error) => {
		for (const { reject } of pending.values()) reject(error);
	});
	const call = (command, args) =>
		new Promise((resolve, reject) => {
			const id = nextId++;
			pending.set(id, { resolve, reject });
			worker.send({ id, command, args });
		});
	const info = await call('start', { latencyMs, dialect });
	return {
		...info,
		reset: () => call('reset'),
		addReviews: (args) => call('addReviews', args),
		seed: (args) => call('seed', args),
		setLatency: (ms) => call('setLatency', ms),
		lastReviewId: () => call('lastReviewId'),
		createProjects: (args) => call('createProjects', args),
		addReviewsTo: (args) => call('addReviewsTo', args),
		requestCount: () => call('requestCount'),
		requestsSince: (from) => call('requestsSince', from),
		clearLog: () => call('clearLog'),
		async stop() {
			await call('stop');
		},
	};
}

/**
 * V8's CPU profiler (what `node --cpu-prof` runs), started and stopped around each measured run only, so a
 * profile holds the runs and not module loading, seeding, warm-up or the gc() calls of `measure`.
 */
function cpuProfiler(intervalUs = 200) {
	const { Session } = require('node:inspector');
	const session = new Session();
	session.connect();
	const post = (method, params) =>
		new Promise((resolve, reject) =>
			session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
		);
	const profiles = [];
	return {
		profiles,
		/** `fn` profiled; the profile is kept as { label, profile }. */
		wrap: (label, fn) => async () => {
			await post('Profiler.enable');
			await post('Profiler.setSamplingInterval', { interval: intervalUs });
			await post('Profiler.start');
			try {
				return await fn();
			} finally {
				profiles.push({ label, profile: (await post('Profiler.stop')).profile });
			}
		},
	};
}

module.exports = { parseArgs, median, measure, rawClient, qs, startSimulator, cpuProfiler };
