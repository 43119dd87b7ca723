/**
 * The API simulator in a child process: its own event loop, heap and CPU account, on another core, as a
 * remote service would be, so the client side (package, floor, HTTP Request node, raw) is measured without
 * the server's work, and `process.cpuUsage()` of the benchmark is the client's CPU time alone.
 * Commands come as IPC messages: { id, command, args } -> { id, result | error }.
 */
const path = require('node:path');

require('./register-ts');
const { ApiSimulator } = require(path.resolve(__dirname, '../../test/simulator'));

let sim;
let latencyMs = 0;

/** Every answer waits `latencyMs` first (a 'hang' fault that never runs out), like a distant service. */
function applyLatency() {
	sim.clearFaults();
	if (latencyMs > 0)
		sim.injectFault({ fault: { kind: 'hang', ms: latencyMs }, times: Number.MAX_SAFE_INTEGER });
}

/**
 * Record kinds the benchmark can seed in bulk, by the default project's collection name: `add(projectId, n)`.
 * A trigger event whose list holds another kind (scripts/bench/events.js) adds its kind here.
 */
const SEEDERS = {
	// Every review replied, one a second up to now (reviewReplied's history); created one every 15 minutes
	// up to now (reviewUnanswered's history: about 100 a day are not due yet).
	reviews: (projectId, n) => {
		const now = sim.now();
		for (let i = 0; i < n; i++)
			sim.addReview(projectId, { created_at: now - (n - i) * 900, replied_at: now - n + i });
	},
	// One message a second up to now, as a history builds up: messages sort by created_at (seconds), and a
	// poll reads the cursor's whole second, so n messages in one second would cost n / 100 requests a poll.
	messages: (projectId, n) => {
		const start = sim.now() - n;
		for (let i = 0; i < n; i++)
			sim.addMessage(projectId, { created_at: start + i, status: 'clicked' });
	},
	// Every customer unsubscribed, one a second up to now (customerUnsubscribed's history).
	customers: (projectId, n) => {
		const start = sim.now() - n;
		for (let i = 0; i < n; i++) {
			sim.addCustomer(projectId, {
				email: `bench${i}@example.com`,
				created_at: start + i,
				unsubscribed_at: start + i,
			});
		}
	},
};

const commands = {
	async start(options) {
		// A dialect by name (test/simulator/dialect.ts); reset() keeps it.
		sim = await ApiSimulator.start(options?.dialect ? { dialect: options.dialect } : {});
		latencyMs = options?.latencyMs ?? 0;
		applyLatency();
		const project = sim.defaultProject();
		return { baseUrl: sim.baseUrl, projectId: project.id, key: project.key };
	},
	reset() {
		sim.reset();
		applyLatency();
	},
	setLatency(ms) {
		latencyMs = ms;
		applyLatency();
	},
	/** Tops the default project's `kind` list up to `total` records, or adds `count`. */
	seed({ kind, count, total }) {
		const project = sim.defaultProject();
		if (!SEEDERS[kind]) throw new Error(`sim-worker: no seeder for "${kind}" (add one to SEEDERS)`);
		const n = total !== undefined ? total - project[kind].items.length : count;
		if (n > 0) SEEDERS[kind](project.id, n);
		return project[kind].items.length;
	},
	addReviews({ count, total }) {
		return commands.seed({ kind: 'reviews', count, total });
	},
	/** The agency key and the ids of `count` new projects (the trigger's All Projects case). */
	createProjects({ count }) {
		const ids = [];
		for (let i = 0; i < count; i++) ids.push(sim.createProject(`Bench client ${i + 1}`).id);
		return { agencyKey: sim.agencyKey, ids };
	},
	/** Adds `count` reviews (score 4) to each of the projects `ids`. */
	addReviewsTo({ ids, count }) {
		for (const id of ids) sim.addReviews(id, count, { score: 4 });
	},
	lastReviewId() {
		const items = sim.defaultProject().reviews.items;
		return items[items.length - 1].id;
	},
	requestCount() {
		return sim.requests.length;
	},
	/** Path and query of logged requests from `from` on. */
	requestsSince(from) {
		return sim.requests
			.slice(from)
			.map((r) => ({ method: r.method, path: r.path, query: r.query, status: r.status }));
	},
	clearLog() {
		sim.clearLog();
	},
	async stop() {
		await sim.stop();
	},
};

process.on('message', async ({ id, command, args }) => {
	try {
		const result = await commands[command](args);
		// After 'stop' the channel closes once the answer is out: nothing keeps the process alive then.
		process.send({ id, result }, () => command === 'stop' && process.disconnect());
	} catch (error) {
		process.send({ id, error: String(error?.stack ?? error) });
	}
});
