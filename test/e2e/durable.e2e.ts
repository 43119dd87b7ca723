/**
 * The trigger on n8n's durable poll scheduler (n8n 2.41, opt-in; see docs/n8n-durable-poll-scheduler.md):
 * queue mode as in queue.e2e.ts (PostgreSQL, Redis, one main, two workers), with every Poll Time a
 * scheduled task under a lease, the trigger's static data a cursor in `poller_state` committed with the
 * execution it starts, and a 10 s poll timeout (5 s budget). Each case has a simulator of its own.
 *
 * Proves, each review counted by the one PUT the workflow's second node sends for it:
 * (a) kill -9 of the main while a poll's request is held open, a restart after two Poll Times: every
 *     review added before, during and after is delivered exactly once;
 * (b) a backlog of 600 reviews, every list page answered in 1.5 s (one poll cannot read it within
 *     the timeout): all delivered exactly once, oldest first, within a bound;
 * (c) All Projects over an agency of 41 projects answering in 0.3 s a request (one poll cannot read
 *     them one after another within the timeout): every project's new review once.
 */
import { ApiSimulator } from '../simulator';
import {
	DURABLE_CASES,
	DURABLE_SCHEDULER_ENV,
	type DurableCaseName,
	durableCredential,
	durableWorkflow,
} from './support/durable-workflows';
import {
	allFinished,
	committedCursor,
	emittedItems,
	executionBytes,
	pollRuns,
	pollTasks,
} from './support/durable-state';
import { startMain } from './support/queue-main';
import { sleep, until } from './support/waits';

const n8n = require('../../scripts/n8n/n8n-app');
const { createQueueStack } = require('../../scripts/e2e/queue-stack');

type Json = Record<string, any>;

const CASES: DurableCaseName[] = ['kill', 'backlog', 'agency'];
const WORKFLOW_IDS = CASES.map((name) => DURABLE_CASES[name].workflowId);
const AGENCY_PROJECTS = 40; // and the simulator's seeded project: 41
let sims: Record<DurableCaseName, ApiSimulator>;
let stack: Json;
const log = (message: string) => process.stdout.write(`[durable e2e] ${message}\n`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/** How many times the workflow acted on a review (the PUT of the case's effect, with the project's key). */
const delivered = (name: DurableCaseName, key: string) => (reviewId: number) =>
	sims[name].requests.filter(
		(r) =>
			r.method === 'PUT' &&
			r.path === `/project/reviews/${reviewId}/${DURABLE_CASES[name].effect}` &&
			r.authorization === `Bearer ${key}` &&
			r.status === 200,
	).length;
const listReads = (name: DurableCaseName, key: string) =>
	sims[name].requests.filter(
		(r) =>
			r.method === 'GET' &&
			r.path === '/project/reviews' &&
			r.authorization === `Bearer ${key}` &&
			r.status === 200,
	).length;
const cursorOf = (name: DurableCaseName) =>
	committedCursor(stack.pg.psql, DURABLE_CASES[name].workflowId);
/**
 * The first scheduled poll committed where the list stands (n8n does not keep the publish-time poll's
 * look: see docs/n8n-maintainers-report.md; the log shows how many list reads it took).
 */
async function baselineCommitted(name: DurableCaseName) {
	await until(
		`${name}: the first cursor committed`,
		() => Object.keys(cursorOf(name) ?? {}).length > 0,
	);
	const reads = sims[name].requests.filter((r) => r.path === '/project/reviews').length;
	log(`${name}: first cursor committed after ${reads} list reads`);
}
/** `count` more list reads of every key, each answered. */
async function morePolls(what: string, name: DurableCaseName, keys: string[], count: number) {
	const from = keys.map((key) => listReads(name, key));
	await until(what, () => keys.every((key, i) => listReads(name, key) >= from[i] + count), 180_000);
}
function addReviews(name: DurableCaseName, projectId: number, label: string, count: number) {
	return Array.from(
		{ length: count },
		(_, i) =>
			sims[name].addReview(projectId, {
				score: 5,
				first_name: `${label}${i + 1}`,
				email: `${label.toLowerCase()}${i + 1}@example.com`,
			}).id,
	);
}

beforeAll(async () => {
	const started = Date.now();
	const [kill, backlog, agency] = await Promise.all(CASES.map(() => ApiSimulator.start()));
	sims = { kill, backlog, agency };
	for (let i = 1; i <= AGENCY_PROJECTS; i++) agency.createProject(`Agency Client ${i}`);
	stack = await createQueueStack({ log, env: DURABLE_SCHEDULER_ENV });
	await n8n.importCredentials(
		stack.folder,
		CASES.map((name) => durableCredential(name, sims[name])),
	);
	await n8n.importWorkflow(
		stack.folder,
		CASES.map((name) => durableWorkflow(name, sims[name])),
	);
	for (const id of WORKFLOW_IDS) await stack.publish(id);
	await Promise.all([startMain(stack, WORKFLOW_IDS, true), stack.startWorkers(2)]);
	log(`queue mode on the durable scheduler up in ${seconds(started)}`);
	await Promise.all(CASES.map(baselineCommitted));
});

afterAll(async () => {
	await stack?.stop();
	await Promise.all(Object.values(sims ?? {}).map((sim) => sim.stop()));
});

describe("n8n's durable poll scheduler in queue mode: one main, two workers, PostgreSQL and Redis", () => {
	it('(a) kill -9 of the main while a poll is held open, restarted 30 s later: every review once', async () => {
		const sim = sims.kill;
		const { id: projectId, key } = sim.defaultProject();
		const count = delivered('kill', key);

		const before = addReviews('kill', projectId, 'Before', 3);
		await until('the first reviews delivered', () => before.every((id) => count(id) >= 1), 90_000);

		// The next poll's list request is held open; reviews arrive while it hangs; the main dies.
		sim.injectFault({
			method: 'GET',
			path: '/project/reviews',
			fault: { kind: 'hang', ms: 60_000 },
		});
		const held = addReviews('kill', projectId, 'Held', 3);
		await until('a poll held open', () => sim.requests.some((r) => r.fault === 'hang'), 60_000);
		const claimed = pollTasks(stack.pg.psql, DURABLE_CASES.kill.workflowId, 'running');
		await stack.killMain();
		const killedAt = Date.now();
		log(`(a) main killed with poll tasks ${claimed.join(', ')} claimed`);
		// From now on a review arrives every second: while the main is down and for 45 s after the restart,
		// when n8n runs the Poll Times it missed (together, from one committed cursor) and later the one
		// the dead main held.
		const stream: number[] = [];
		const streaming = setInterval(
			() => stream.push(...addReviews('kill', projectId, `Stream${stream.length + 1}x`, 1)),
			1000,
		);
		try {
			await sleep(30_000); // two Poll Times missed
			await startMain(stack, WORKFLOW_IDS, false);
			log(`(a) main up again ${seconds(killedAt)} after the kill`);
			await sleep(45_000);
		} finally {
			clearInterval(streaming);
		}
		const after = addReviews('kill', projectId, 'After', 3);

		const all = [...before, ...held, ...stream, ...after];
		await until(
			'every review delivered',
			() => all.every((id) => count(id) >= 1),
			180_000,
			() => `deliveries per review: ${all.map(count).join(' ')}`,
		);
		log(`(a) every review delivered ${seconds(killedAt)} after the kill`);
		// The tasks the dead main held run again once their lease expires (n8n's reaper); then two more polls.
		await until(
			"the killed main's poll tasks finished",
			() => allFinished(stack.pg.psql, claimed),
			180_000,
		);
		await morePolls('two more polls', 'kill', [key], 2);
		await sleep(5000); // their executions
		log(
			`(a) settled ${seconds(killedAt)} after the kill; ${all.length} reviews; polls run since the kill:`,
		);
		log(pollRuns(stack.pg.psql, DURABLE_CASES.kill.workflowId, killedAt).join('\n'));
		// Each review once: the list of those delivered another number of times (review id × deliveries).
		expect(all.filter((id) => count(id) !== 1).map((id) => `${id}×${count(id)}`)).toEqual([]);
	});

	it('(b) a backlog of 600 reviews that one poll cannot read in its timeout: each once, oldest first', async () => {
		const sim = sims.backlog;
		const { id: projectId, key } = sim.defaultProject();
		const count = delivered('backlog', key);
		const existing = new Set(sim.project(projectId).reviews.items.map((r) => r.id));
		const executionsBefore = emittedItems(
			stack.pg.psql,
			stack.folder.bin,
			DURABLE_CASES.backlog.workflowId,
			'New Review',
		).length;

		// Every list page now takes 1.5 s: 600 reviews are 6 pages of 100, more than a 10 s poll can read.
		sim.injectFault({
			method: 'GET',
			path: '/project/reviews',
			fault: { kind: 'hang', ms: 1500 },
			times: 1_000_000,
		});
		try {
			sim.addReviews(projectId, 600, {
				score: 4,
				first_name: 'Backlog',
				email: 'backlog@example.com',
			});
			const backlog = sim
				.project(projectId)
				.reviews.items.map((r) => r.id)
				.filter((id) => !existing.has(id))
				.sort((a, b) => a - b);
			expect(backlog).toHaveLength(600);
			const started = Date.now();
			await until(
				'the whole backlog delivered',
				() => backlog.every((id) => count(id) >= 1),
				300_000,
				() => `${backlog.filter((id) => count(id) >= 1).length} of 600 delivered`,
			);
			log(`(b) 600 reviews delivered in ${seconds(started)}`);
			await morePolls('two more polls', 'backlog', [key], 2);
			await sleep(5000);
			expect(backlog.filter((id) => count(id) !== 1)).toEqual([]);

			// Handed to n8n oldest first: the executions' items, in execution order, are the backlog in order.
			const executions = emittedItems(
				stack.pg.psql,
				stack.folder.bin,
				DURABLE_CASES.backlog.workflowId,
				'New Review',
			).slice(executionsBefore);
			expect(executions.flat().map((review) => review.id)).toEqual(backlog);
			// What n8n stores per execution (Max Events per Poll, default 1,000, bounds its items).
			const bytes = executionBytes(stack.pg.psql, DURABLE_CASES.backlog.workflowId).slice(
				executionsBefore,
			);
			expect(bytes).toHaveLength(executions.length);
			const largest = bytes.indexOf(Math.max(...bytes));
			const perItem = Math.round(bytes[largest] / executions[largest].length);
			log(
				`(b) ${executions.length} executions; largest ${executions[largest].length} items, ${bytes[largest]} bytes stored (${perItem} an item)`,
			);
			expect(Math.max(...executions.map((items) => items.length))).toBeLessThanOrEqual(1_000);
		} finally {
			sim.clearFaults();
		}
	});

	it('(c) All Projects over 41 slow projects: every project’s new review once', async () => {
		const sim = sims.agency;
		const keys = sim.state.projects.map((p) => p.key);
		expect(keys).toHaveLength(AGENCY_PROJECTS + 1);
		await morePolls('two polls of every project after the baseline', 'agency', keys, 2);

		// The service slows down: 0.3 s a request, 41 projects are more than a 10 s poll reads one by one.
		sim.injectFault({ method: 'GET', fault: { kind: 'hang', ms: 300 }, times: 1_000_000 });
		try {
			const added = sim.state.projects.map((p) => ({
				key: p.key,
				id: addReviews('agency', p.id, `Client${p.id}x`, 1)[0],
			}));
			const started = Date.now();
			const deliveries = () => added.map(({ key, id }) => delivered('agency', key)(id));
			await until(
				'every project’s review delivered',
				() => deliveries().every((n) => n >= 1),
				180_000,
				() => `deliveries per project: ${deliveries().join(' ')}`,
			);
			log(`(c) 41 projects' reviews delivered in ${seconds(started)}`);
			await morePolls('two more polls of every project', 'agency', keys, 2);
			await sleep(5000);
			expect(deliveries()).toEqual(added.map(() => 1));
		} finally {
			sim.clearFaults();
		}
	});
});
