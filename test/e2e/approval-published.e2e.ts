/**
 * examples/ai-review-reply-approval.json published, as a user runs it (polls every 15 s here, every
 * minute in the example): a poll that finds several reviews at once starts ONE execution, and n8n's
 * Wait node shows ONE form per execution. The example's "One Review at a Time" loop therefore asks
 * about the low-score reviews one after the other, each with its own form, answered in chromium;
 * a 5-star review of the same poll is answered by the agent without waiting for the person.
 */
import type { ExampleApp, Json } from './support/example-app';
import {
	addReviewTag,
	executionIds,
	getExecution,
	startExampleApp,
	waitForExecution,
} from './support/example-app';
import { approvalScript } from './support/approval-agent-script';

const n8n = require('../../scripts/n8n/n8n-app');
const browser = require('../../scripts/e2e/browser');

const EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })),
};

let app: ExampleApp;
let chromium: Json | undefined;

const project = () => app.sim.defaultProject();
const review = (id: number) => app.sim.toJson('review', id) as Json;
const reviewListReads = () =>
	app.sim.requests.filter(
		(r) =>
			r.method === 'GET' &&
			r.path === '/project/reviews' &&
			r.authorization === `Bearer ${project().key}`,
	).length;

beforeAll(async () => {
	app = await startExampleApp({
		example: 'ai-review-reply-approval.json',
		workflowId: 'rcExampleApprPub',
		script: approvalScript,
		publish: true,
		prepareSim: (sim) =>
			addReviewTag(sim, sim.defaultProject(), 'needs-attention', 'Needs Attention'),
		adapt: (workflow) => {
			workflow.nodes.find((n: Json) => n.name === 'New Review').parameters.pollTimes =
				EVERY_15_SECONDS;
			return workflow;
		},
	});
	chromium = await browser.launch();
});

afterAll(async () => {
	if (chromium) await browser.close(chromium);
	await app?.stop();
});

/** The waiting execution's latest "Message for the Approver" (the loop runs it once per review). */
async function latestMessage(executionId: string, runs: number): Promise<Json> {
	return await browser.until(
		`form ${runs} of execution ${executionId}`,
		async () => {
			const ex = await getExecution(app, executionId);
			const messageRuns = ex?.run.data.resultData.runData['Message for the Approver'] ?? [];
			if (ex?.status !== 'waiting' || messageRuns.length < runs) return null;
			return n8n.nodeOutput(ex.run, 'Message for the Approver', { runIndex: runs - 1 })[0];
		},
		{ timeoutMs: 60000 },
	);
}

async function answer(url: string, decision: string) {
	const context = await chromium!.browser.createBrowserContext();
	const page = await context.newPage();
	await page.goto(url, { waitUntil: 'networkidle2' });
	await page.waitForSelector('textarea#field-0', { visible: true });
	const shown = await page.$eval('form p', (e: any) => e.textContent as string);
	await page.click(`input[type="checkbox"][value="${decision}"]`);
	await page.click('#submit-btn');
	await page.waitForSelector('#submitted-form', { visible: true });
	await context.close();
	return shown;
}

it('one poll with two low-score reviews and a 5-star one: two forms in turn, each decision applied to its own review', async () => {
	await browser.until('the first poll', async () => reviewListReads() >= 1, { timeoutMs: 90000 });
	const low1 = app.sim.addReview(project().id, {
		customer_id: 1,
		score: 1,
		review: 'Burnt bread.',
	});
	const low2 = app.sim.addReview(project().id, { customer_id: 2, score: 3, review: 'Slow queue.' });
	const high = app.sim.addReview(project().id, { customer_id: 2, score: 5, review: 'Superb.' });

	const executionId = await browser.until(
		'an execution waiting for the person',
		async () => {
			for (const id of await executionIds(app))
				if ((await getExecution(app, id))?.status === 'waiting') return id;
			return null;
		},
		{ timeoutMs: 90000 },
	);
	// The 5-star review was answered while the person had not decided anything yet.
	expect(review(high.id).reply).toMatch(/^Thank you, /);

	const first = await latestMessage(executionId, 1);
	expect(first.reviewId).toBe(low1.id);
	expect(await answer(first.approvalUrl, 'Post this reply')).toContain('Burnt bread.');
	const second = await latestMessage(executionId, 2);
	expect(second.reviewId).toBe(low2.id);
	expect(await answer(second.approvalUrl, 'Do not post')).toContain('Slow queue.');

	process.stdout.write(
		`[approval e2e, published] form links of one execution: ${first.approvalUrl} then ${second.approvalUrl}\n`,
	);
	await waitForExecution(app, executionId, ['success']);
	expect(review(low1.id).reply).toBe(first.draft);
	expect(review(low1.id).replied_at).not.toBeNull();
	expect(review(low2.id)).toMatchObject({ reply: '', replied_at: null });
	expect((review(low2.id).tags as Json[]).map((t) => t.slug)).toEqual(['needs-attention']);
	const puts = app.sim.requests.filter((r) => r.method === 'PUT');
	expect(puts.map((r) => r.path).sort()).toEqual(
		[
			`/project/reviews/${high.id}/reply`,
			`/project/reviews/${low1.id}/reply`,
			`/project/reviews/${low1.id}/mark-replied`,
			`/project/reviews/${low2.id}/tags`,
		].sort(),
	);
});
