/**
 * The API simulator in a worker thread: its own event loop (and V8 heap) on another core, as a remote
 * service would be, so the client side (node or raw) is measured without the server's CPU time in its
 * event loop. Commands come as messages: { id, command, args } -> { id, result | error }.
 */
const path = require('node:path');
const { parentPort } = require('node:worker_threads');

require('./register-ts');
const { ApiSimulator } = require(path.resolve(__dirname, '../../test/simulator'));

let sim;
let latencyMs = 0;
const commands = {
	async start(options) {
		sim = await ApiSimulator.start();
		latencyMs = options?.latencyMs ?? 0;
		if (latencyMs > 0) sim.injectFault({ fault: { kind: 'hang', ms: latencyMs }, times: Number.MAX_SAFE_INTEGER });
		const project = sim.defaultProject();
		return { baseUrl: sim.baseUrl, projectId: project.id, key: project.key };
	},
	reset() {
		sim.reset();
		if (latencyMs > 0) sim.injectFault({ fault: { kind: 'hang', ms: latencyMs }, times: Number.MAX_SAFE_INTEGER });
	},
	/** Tops the default project up to `total` reviews, or adds `count`. */
	addReviews({ count, total }) {
		const project = sim.defaultProject();
		const n = total !== undefined ? total - project.reviews.items.length : count;
		if (n > 0) sim.addReviews(project.id, n);
		return project.reviews.items.length;
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
		return sim.requests.slice(from).map((r) => ({ method: r.method, path: r.path, query: r.query, status: r.status }));
	},
	clearLog() {
		sim.clearLog();
	},
	async stop() {
		await sim.stop();
	},
};

parentPort.on('message', async ({ id, command, args }) => {
	try {
		parentPort.postMessage({ id, result: await commands[command](args) });
	} catch (error) {
		parentPort.postMessage({ id, error: String(error?.stack ?? error) });
	}
});
