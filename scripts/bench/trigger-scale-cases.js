/**
 * The trigger at scale (issue 21): each prints its own table into the notes, as its sides are the package
 * under two settings rather than the package against references.
 *   backlog     100,000 new reviews under a 5 s poll budget: polls needed, wall time and requests per
 *               poll, peak heap; every review once, oldest first.
 *   backlogCapped  the same backlog with Max Events per Poll 1,000 (issue 29): polls to drain, the
 *               largest execution in items (n8n stores every item of an execution).
 *   agencyIdle  an idle All Projects poll over 500 projects at 20 ms latency: Concurrency 4 (the
 *               default) against 1 (one project at a time); target ≤ 0.3×.
 */
const path = require('node:path');
const v8 = require('node:v8');
const { median } = require('./lib');

const root = path.resolve(__dirname, '../..');
const { createPoller } = require(path.join(root, 'test/harness'));

/**
 * 100,000 new reviews under a 5 s budget, polled until drained (at most 400 polls); with
 * `maxEventsPerPoll`, the trigger's Max Events per Poll. Every poll's wall time, items and requests.
 */
async function drainBacklog({ sim, registry, credentials }, maxEventsPerPoll) {
	await sim.reset();
	await sim.seed({ kind: 'reviews', total: 1_000 });
	const options = maxEventsPerPoll === undefined ? {} : { maxEventsPerPoll };
	const poller = createPoller({
		registry,
		parameters: { event: 'newReview', options },
		credentials,
		budgetMs: 5_000,
	});
	await poller.poll();
	const first = (await sim.lastReviewId()) + 1;
	await sim.seed({ kind: 'reviews', count: 100_000 });
	global.gc();
	const base = v8.getHeapStatistics().used_heap_size;
	let peak = base;
	const sampler = setInterval(() => {
		peak = Math.max(peak, v8.getHeapStatistics().used_heap_size);
	}, 5);
	const polls = [];
	let expected = first;
	let inOrder = true;
	while (expected < first + 100_000 && polls.length < 400) {
		const before = await sim.requestCount();
		const start = performance.now();
		const items = (await poller.poll())?.[0] ?? [];
		const ms = performance.now() - start;
		for (const item of items) if (item.json.id !== expected++) inOrder = false;
		polls.push({ ms, items: items.length, requests: (await sim.requestCount()) - before });
	}
	clearInterval(sampler);
	const delivered = `${expected - first} delivered, ${inOrder ? 'each once, in order' : 'NOT in order'}`;
	return { polls, peakMb: (peak - base) / 2 ** 20, delivered };
}

async function backlogCase(context) {
	const { polls, peakMb, delivered } = await drainBacklog(context);
	const times = polls.map((poll) => poll.ms);
	context.notes.push(
		`backlog: 100,000 new reviews, 5 s budget: ${polls.length} polls; wall per poll median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; ` +
			`items per poll median ${median(polls.map((poll) => poll.items))}; requests per poll median ${median(polls.map((poll) => poll.requests))}, ` +
			`${polls.reduce((sum, poll) => sum + poll.requests, 0)} in all; peak heap growth ${peakMb.toFixed(0)} MB; ` +
			delivered,
	);
}

/** Issue 29: Max Events per Poll 1,000 keeps every execution of a 100,000 backlog at 1,000 items or fewer. */
async function backlogCappedCase(context) {
	const { polls, delivered } = await drainBacklog(context, 1_000);
	const largest = Math.max(...polls.map((poll) => poll.items));
	context.notes.push(
		`backlogCapped: 100,000 new reviews, 5 s budget, Max Events per Poll 1,000: ${polls.length} polls to drain; ` +
			`largest execution ${largest} items (${largest <= 1_000 ? 'within' : 'NOT within'} 1,000); wall per poll max ` +
			`${Math.max(...polls.map((poll) => poll.ms)).toFixed(0)} ms; ${delivered}`,
	);
}

async function agencyIdleCase({ sim, registry, notes, options }) {
	await sim.reset();
	const { agencyKey } = await sim.createProjects({ count: 499 });
	const credentials = {
		reviewCollectionAgencyApi: { baseUrl: sim.baseUrl, apiKey: agencyKey },
	};
	const pollerWith = (concurrency) =>
		createPoller({
			registry,
			parameters: {
				event: 'newReview',
				authentication: 'agencyKey',
				projectScope: 'all',
				requestOptions: { concurrency },
			},
			credentials,
			budgetMs: 60_000,
		});
	const sides = { 4: pollerWith(4), 1: pollerWith(1) };
	await sim.setLatency(20);
	for (const poller of Object.values(sides)) await poller.poll();
	const results = { 4: [], 1: [] };
	for (let run = 0; run < Math.max(3, options.runs); run++) {
		for (const concurrency of run % 2 ? [1, 4] : [4, 1]) {
			const before = await sim.requestCount();
			const start = performance.now();
			const output = await sides[concurrency].poll();
			results[concurrency].push({
				ms: performance.now() - start,
				requests: (await sim.requestCount()) - before,
				items: output?.[0]?.length ?? 0,
			});
		}
	}
	await sim.setLatency(0);
	const ms = (concurrency) => median(results[concurrency].map((r) => r.ms));
	const ratio = ms(4) / ms(1);
	notes.push(
		`agencyIdle: idle All Projects poll, 500 projects, 20 ms latency: Concurrency 4 ${ms(4).toFixed(0)} ms, one at a time ${ms(1).toFixed(0)} ms ` +
			`(${ratio.toFixed(2)}×, target ≤ 0.3× ${ratio <= 0.3 ? 'met' : 'NOT met'}); requests per poll ${results[4][0].requests} ` +
			`(1 project list + 1 per project); items ${results[4].reduce((sum, r) => sum + r.items, 0)}`,
	);
}

async function triggerScaleCases(context) {
	const { cases } = context.options;
	if (cases.has('backlog')) await backlogCase(context);
	if (cases.has('backlogCapped')) await backlogCappedCase(context);
	if (cases.has('agencyIdle')) await agencyIdleCase(context);
}

module.exports = { triggerScaleCases };
