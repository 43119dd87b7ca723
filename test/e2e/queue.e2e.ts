/**
 * n8n in queue mode (scripts/e2e/queue-stack/): a private PostgreSQL and Redis, one main and two
 * workers sharing the user folder where the packed package is installed, against the API simulator.
 *
 * Proves: a production webhook run of 300 items executes on a worker with no duplicate request; the
 * trigger delivers every new review exactly once across a restart of the main between polls (with
 * each authentication mode); no key ends up in PostgreSQL, Redis or any log.
 */
import { ApiSimulator } from '../simulator';
import {
	CREDENTIALS,
	TRIGGER_CASES,
	type TriggerCase,
	WEBHOOK_PATH,
	chargesWorkflow,
	triggerWorkflow,
} from './support/queue-workflows';
import { startMain as startQueueMain } from './support/queue-main';
import { sleep, until } from './support/waits';

const n8n = require('../../scripts/n8n/n8n-app');
const { createQueueStack } = require('../../scripts/e2e/queue-stack');

type Json = Record<string, any>;

let sim: ApiSimulator;
let stack: Json;
const log = (message: string) => process.stdout.write(`[queue e2e] ${message}\n`);

const actedOn = (effect: TriggerCase['effect']) => (reviewId: number) =>
	sim.requests.filter(
		(r) =>
			r.method === 'PUT' && r.path === `/project/reviews/${reviewId}/${effect}` && r.status === 200,
	).length;
const reviewListReads = (key: string) =>
	sim.requests.filter(
		(r) =>
			r.method === 'GET' && r.path === '/project/reviews' && r.authorization === `Bearer ${key}`,
	).length;
const projectKeyOf = (projectId: number) => sim.state.projects.find((p) => p.id === projectId)!.key;

const startMain = async (first: boolean) => {
	await startQueueMain(
		stack,
		[chargesWorkflow.id, ...TRIGGER_CASES.map((c) => c.workflowId)],
		first,
	);
};

beforeAll(async () => {
	const started = Date.now();
	sim = await ApiSimulator.start();
	sim.createProject('Queue Agency Client');
	sim.createProject('Queue Agency Wide');
	stack = await createQueueStack({ log });
	const folder = stack.folder;
	await n8n.importCredentials(folder, [
		{ ...CREDENTIALS.project, data: { baseUrl: sim.baseUrl, apiKey: sim.defaultProject().key } },
		{ ...CREDENTIALS.agency, data: { baseUrl: sim.baseUrl, apiKey: sim.agencyKey } },
	]);
	await n8n.importWorkflow(folder, [
		chargesWorkflow,
		...TRIGGER_CASES.map((c) => triggerWorkflow(c, c.projectId(sim))),
	]);
	for (const id of [chargesWorkflow.id, ...TRIGGER_CASES.map((c) => c.workflowId)])
		await stack.publish(id);
	await Promise.all([startMain(true), stack.startWorkers(2)]);
	log(`queue mode up in ${((Date.now() - started) / 1000).toFixed(1)}s`);
});

afterAll(async () => {
	await stack?.stop();
	await sim?.stop();
});

describe('n8n queue mode: one main, two workers, PostgreSQL and Redis', () => {
	it('a production webhook run of 300 items executes on a worker, each charge created once', async () => {
		const charges = Array.from({ length: 300 }, (_, i) => ({
			amount: 1000 + i,
			email: `queue.customer${i % 30}@example.com`,
		}));
		const customersBefore = sim.defaultProject().customers.items.length;
		const response = await fetch(`${stack.main.url}/webhook/${WEBHOOK_PATH}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ charges }),
		});
		expect(response.status).toBe(200);

		const created = () =>
			sim.requests.filter((r) => r.method === 'POST' && r.path === '/project/charges');
		await until('300 charges', () => created().length >= 300, 240_000);
		await sleep(2000); // a duplicate would arrive after the 300th
		const amounts = created().map((r) => (r.body as Json).amount);
		expect(amounts).toHaveLength(300);
		expect(new Set(amounts).size).toBe(300);
		expect(created().every((r) => r.status === 200)).toBe(true);
		// Items sharing a customer never raced to create it twice (Concurrency lanes).
		expect(sim.defaultProject().customers.items.length).toBe(customersBefore + 30);

		const logs: Record<string, string> = stack.logs();
		const workerRuns = Object.entries(logs).filter(
			([file, text]) => /^worker-/.test(file) && /Worker started execution \d+/.test(text),
		);
		expect(workerRuns.length).toBeGreaterThanOrEqual(1);
	});

	it.each(TRIGGER_CASES)(
		'the trigger ($name) delivers every new review once across a restart of the main',
		async (c) => {
			const projectId = c.projectId(sim);
			const key = projectKeyOf(projectId);
			const markedReplied = actedOn(c.effect);
			// Activation's first poll records where the list stands and emits nothing.
			await until('the first poll', () => reviewListReads(key) >= 1, 90_000);
			const old = sim.project(projectId).reviews.items.map((r) => r.id);

			const firstBatch = [1, 2, 3].map(
				(i) =>
					sim.addReview(projectId, {
						score: 5,
						first_name: `Before${i}`,
						email: `before${i}@example.com`,
					}).id,
			);
			await until(
				'the first batch delivered',
				() => firstBatch.every((id) => markedReplied(id) >= 1),
				90_000,
			);

			// The main holds the trigger; restart it between polls, with new reviews arriving while it is down.
			await stack.stopMain();
			const secondBatch = [1, 2].map(
				(i) =>
					sim.addReview(projectId, {
						score: 4,
						first_name: `During${i}`,
						email: `during${i}@example.com`,
					}).id,
			);
			await startMain(false);
			const thirdBatch = [
				sim.addReview(projectId, { score: 3, first_name: 'After', email: 'after@example.com' }).id,
			];

			const delivered = [...firstBatch, ...secondBatch, ...thirdBatch];
			await until(
				'every review delivered',
				() => delivered.every((id) => markedReplied(id) >= 1),
				120_000,
			);
			// Two more polls: nothing is delivered again.
			const reads = reviewListReads(key);
			await until('two more polls', () => reviewListReads(key) >= reads + 2, 60_000);
			await sleep(3000);
			expect(delivered.map(markedReplied)).toEqual(delivered.map(() => 1));
			expect(old.map(markedReplied)).toEqual(old.map(() => 0));
		},
	);

	it('no key appears in PostgreSQL, Redis or any log', async () => {
		const secrets = [sim.agencyKey, ...sim.state.projects.map((p) => p.key)];
		const stores: Record<string, string> = {
			postgres: stack.pg.dump(),
			redis: stack.redis.dump(),
			...stack.logs(),
		};
		// The stores are not empty: the executions above are in PostgreSQL.
		expect(stores.postgres).toMatch(/Create Charge/);
		const found = Object.entries(stores).flatMap(([store, text]) =>
			secrets
				.filter((secret) => text.includes(secret))
				.map((secret) => `${store}: ${secret.slice(0, 4)}…`),
		);
		expect(found).toEqual([]);
	});
});
