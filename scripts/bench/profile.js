#!/usr/bin/env node
/**
 * Where the package's own time goes, against the floor (issue 17): runs one benchmark case twice with V8's
 * CPU profiler (the one `node --cpu-prof` starts; here started and stopped around each measured run by
 * `run.js --profile`), the package and the floor taking turns, then prints
 *   - the CPU time of each side (samples of the main thread; the simulator's worker is left out),
 *   - the package's own functions (frames in dist/nodes, dist/credentials): self time and total time,
 *   - what n8n calls those functions make (callees outside the package, total time), by caller,
 *   - the hottest functions of each side by self time.
 *
 *   npm run build && node scripts/bench/profile.js getMany [--runs 5] [--keep /tmp/profiles]
 *   cases: getMany, create, concurrency, poll (see run.js)
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const [caseName = 'getMany', ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
	const at = rest.indexOf(`--${name}`);
	return at >= 0 ? rest[at + 1] : fallback;
};
const runs = option('runs', '5');
const keep = option('keep');
const TOP = Number(option('top', '25'));

/** Profiles of the measured runs of both sides, taken in one benchmark run (sides alternate), by side. */
function profileSides() {
	const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, `${caseName}.json`);
	const result = spawnSync(
		process.execPath,
		[
			'--expose-gc',
			path.join(__dirname, 'run.js'),
			'--cases',
			caseName,
			'--sides',
			'package,floor',
			'--runs',
			runs,
			'--profile',
			file,
		],
		{ stdio: ['ignore', 'ignore', 'inherit'] },
	);
	if (result.status !== 0) throw new Error(`profiling failed (${result.status})`);
	const profiles = JSON.parse(fs.readFileSync(file, 'utf8'));
	if (!keep) fs.rmSync(dir, { recursive: true, force: true });
	const of = (side) => profiles.filter(({ label }) => label === side).map(({ profile }) => profile);
	return { package: of('package'), floor: of('floor') };
}

const isOwn = (url) => !url.includes('node_modules') && /\/dist\/(nodes|credentials)\//.test(url);
const shortUrl = (url) =>
	url
		.replace(/^file:\/\//, '')
		.replace(`${root}/`, '')
		.replace(/^.*node_modules\//, '');
const frameName = (node) => {
	const { functionName, url, lineNumber } = node.callFrame;
	return `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
};

/** The profiles of several runs as one (node ids made unique). */
function merge(profiles) {
	const merged = { nodes: [], samples: [], timeDeltas: [] };
	profiles.forEach((profile, n) => {
		const id = (value) => value * 1000 + n;
		for (const node of profile.nodes)
			merged.nodes.push({ ...node, id: id(node.id), children: (node.children ?? []).map(id) });
		merged.samples.push(...profile.samples.map(id));
		// timeDeltas[i] is the time before sample i; the sample's own time is the next delta.
		merged.timeDeltas.push(...profile.timeDeltas.slice(1), 0);
	});
	return merged;
}

/** Sample time per node, parents, and helpers to walk stacks. */
function analyse(profiles) {
	const profile = merge(profiles);
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	const selfUs = new Map();
	const { samples, timeDeltas } = profile;
	for (let i = 0; i < samples.length; i++) {
		selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + timeDeltas[i]);
	}
	const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
	let busyUs = 0;
	let gcUs = 0;
	for (const [id, us] of selfUs) {
		const name = byId.get(id).callFrame.functionName;
		if (name === '(garbage collector)') gcUs += us;
		if (!idle.has(name) || name === '(garbage collector)') busyUs += us;
	}
	const stackOf = (id) => {
		const stack = [];
		for (let at = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at));
		return stack; // leaf first
	};
	return { byId, selfUs, busyUs, gcUs, stackOf };
}

function ownCosts({ selfUs, stackOf }) {
	const self = new Map();
	const total = new Map();
	const calls = new Map(); // "own caller -> n8n callee" -> us
	for (const [id, us] of selfUs) {
		const stack = stackOf(id);
		const seen = new Set();
		stack.forEach((node, depth) => {
			if (!isOwn(node.callFrame.url)) return;
			const name = frameName(node);
			if (depth === 0) self.set(name, (self.get(name) ?? 0) + us);
			if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + us);
			seen.add(name);
		});
		// The innermost own frame and the first frame it called outside the package.
		const innermost = stack.findIndex((node) => isOwn(node.callFrame.url));
		if (innermost > 0) {
			const callee = stack[innermost - 1];
			const key = `${frameName(stack[innermost])}  ->  ${frameName(callee)}`;
			calls.set(key, (calls.get(key) ?? 0) + us);
		}
	}
	return { self, total, calls };
}

function hottest({ selfUs, byId }) {
	const byName = new Map();
	for (const [id, us] of selfUs) {
		if (['(idle)', '(program)'].includes(byId.get(id).callFrame.functionName)) continue;
		const name = frameName(byId.get(id));
		byName.set(name, (byName.get(name) ?? 0) + us);
	}
	return byName;
}

const ms = (us) => (us / 1000).toFixed(0).padStart(6);
const pct = (us, of) => `${((100 * us) / of).toFixed(1).padStart(5)} %`;
const top = (map, n = TOP) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

const sides = profileSides();
const pkg = analyse(sides.package);
const floor = analyse(sides.floor);
console.log(
	`case ${caseName}, ${runs} measured runs per side, profiled time (samples, idle excluded):`,
);
console.log(`  package ${ms(pkg.busyUs)} ms (gc ${ms(pkg.gcUs)} ms)`);
console.log(`  floor   ${ms(floor.busyUs)} ms (gc ${ms(floor.gcUs)} ms)`);
console.log(
	`  excess  ${ms(pkg.busyUs - floor.busyUs)} ms = ${pct(pkg.busyUs - floor.busyUs, pkg.busyUs)} of the package's CPU time`,
);

const own = ownCosts(pkg);
console.log("\nThe package's own functions: total (self), % of the package's CPU time");
for (const [name, us] of top(own.total)) {
	console.log(
		`  ${ms(us)} ms ${pct(us, pkg.busyUs)}  (self ${ms(own.self.get(name) ?? 0).trim()} ms)  ${name}`,
	);
}
console.log(
	'\nCalls from the package into n8n / node (total time of the callee, by innermost own caller):',
);
for (const [name, us] of top(own.calls))
	console.log(`  ${ms(us)} ms ${pct(us, pkg.busyUs)}  ${name}`);
for (const [label, side] of [
	['package', pkg],
	['floor', floor],
]) {
	console.log(`\nHottest functions, ${label} (self time):`);
	for (const [name, us] of top(hottest(side), 15))
		console.log(`  ${ms(us)} ms ${pct(us, side.busyUs)}  ${name}`);
}
