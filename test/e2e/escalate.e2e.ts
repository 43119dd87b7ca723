/**
 * examples/escalate-unanswered.json in the REAL n8n app (each line), published, as it runs for a user:
 * the trigger's `reviewUnanswered` event (contract §8, `unansweredHours` 24) polls the simulator,
 * 1–2-star reviews still unanswered 24 hours after they were written produce a message for a person
 * and the tag `escalated`. Polls every 15 s here (the example: every 15 minutes).
 */
import type { ExampleApp, Json } from './support/example-app';
import {
	addReviewTag,
	EVERY_15_SECONDS,
	executionIds,
	getExecution,
	reviewListReads,
	startExampleApp,
} from './support/example-app';

const n8n = require('../../scripts/n8n/n8n-app');
const browser = require('../../scripts/e2e/browser');

const HOUR = 3600;

let app: ExampleApp;
const project = () => app.sim.defaultProject();
const review = (id: number) => app.sim.toJson('review', id) as Json;
const slugs = (id: number) => (review(id).tags as Json[]).map((t) => t.slug).sort();

async function api(method: string, path: string, body: Json) {
	const r = await fetch(`${app.sim.baseUrl}${path}`, {
		method,
		headers: { authorization: `Bearer ${project().key}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	expect(r.status).toBe(200);
}

describe('escalate unanswered reviews (published workflow)', () => {
	beforeAll(async () => {
		app = await startExampleApp({
			example: 'escalate-unanswered.json',
			workflowId: 'rcExampleEscal01',
			publish: true,
			prepareSim: (sim) => addReviewTag(sim, sim.defaultProject(), 'escalated', 'Escalated'),
			adapt: (workflow) => {
				workflow.nodes[0].parameters.pollTimes = EVERY_15_SECONDS;
				return workflow;
			},
		});
	});

	afterAll(async () => {
		await app?.stop();
	});

	it('a 1–2-star review unanswered 24 h after it was written: one message, tagged escalated; answered, 5-star or already overdue when it appeared: nothing', async () => {
		// Activation's first poll notes where things stand and fires nothing.
		await browser.until('the first poll', async () => reviewListReads(app) >= 1, {
			timeoutMs: 90000,
		});
		const now = Math.floor(Date.now() / 1000);
		// Their 24 hours end 20 s from now, after activation.
		const dueSoon = now - 24 * HOUR + 20;
		const unanswered = app.sim.addReview(project().id, {
			score: 1,
			first_name: 'Una',
			review: 'Nobody called me back.',
			created_at: dueSoon,
			tag_slugs: ['slow-delivery'],
		});
		const answered = app.sim.addReview(project().id, {
			score: 2,
			first_name: 'Ansel',
			review: 'Late again.',
			created_at: dueSoon,
		});
		const happy = app.sim.addReview(project().id, {
			score: 5,
			first_name: 'Hap',
			review: 'Lovely.',
			created_at: dueSoon,
		});
		// Imported today, written 25 h ago: already past its deadline when it appears.
		const imported = app.sim.addReview(project().id, {
			score: 1,
			first_name: 'Imre',
			review: 'Old complaint.',
			created_at: now - 25 * HOUR,
		});
		// The owner answers one in time, through the API.
		await api('PUT', `/project/reviews/${answered.id}/reply`, { reply: 'Sorry, Ansel!' });
		await api('PUT', `/project/reviews/${answered.id}/mark-replied`, { replied: true });

		await browser.until(
			'the unanswered review escalated',
			async () => slugs(unanswered.id).includes('escalated'),
			{ timeoutMs: 150000 },
		);
		// Two more polls: nothing fires again, nothing else fires.
		const reads = reviewListReads(app);
		await browser.until('two more polls', async () => reviewListReads(app) >= reads + 2, {
			timeoutMs: 90000,
		});
		await browser.sleep(3000);

		expect(slugs(unanswered.id)).toEqual(['escalated', 'slow-delivery']);
		for (const other of [answered, happy, imported])
			expect(slugs(other.id)).not.toContain('escalated');
		const tagWrites = app.sim.requests.filter(
			(r) => r.method === 'PUT' && r.path.endsWith('/tags'),
		);
		expect(tagWrites.map((r) => r.path)).toEqual([`/project/reviews/${unanswered.id}/tags`]);

		// The message a person gets (the node the user swaps for Send Email, Slack, …).
		const messages: Json[] = [];
		for (const id of await executionIds(app)) {
			const ex = await getExecution(app, id);
			if (ex?.run.data.resultData.runData['Message for a Person'])
				messages.push(...n8n.nodeOutput(ex.run, 'Message for a Person'));
		}
		expect(messages).toHaveLength(1);
		expect(messages[0]).toMatchObject({
			reviewId: unanswered.id,
			subject: `Unanswered for 24 hours: a 1-star review from ${review(unanswered.id).reviewer.name}`,
		});
		expect(messages[0].message).toContain('Nobody called me back.');
	});
});
