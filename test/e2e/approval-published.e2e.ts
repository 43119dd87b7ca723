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
	EVERY_15_SECONDS,
	executionIds,
	getExecution,
	reviewListReads,
	startExampleApp,
	waitForExecution,
} from './support/example-app';
import { approvalScript } from './support/approval-agent-script';

const n8n = require('../../scripts/n8n/n8n-app');
const browser = require('../../scripts/e2e/browser');

let app: ExampleApp;
let chromium: Json | undefined;

const project = () => app.sim.defaultProject();
const review = (id: number) => app.sim.toJson('review', id) as Json;

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

/** Opens the link in a browser window of its own; resolves the page and the review text it shows. */
async function openForm(url: string) {
	const context = await chromium!.browser.createBrowserContext();
	const page = await context.newPage();
	await page.goto(url, { waitUntil: 'networkidle2' });
	await page.waitForSelector('textarea#field-0', { visible: true });
	return { page, shown: (await page.$eval('form p', (e: any) => e.textContent)) as string };
}

async function submit(page: any, decision: string) {
	await page.click(`input[type="checkbox"][value="${decision}"]`);
	await page.click('#submit-btn');
	await page.waitForSelector('#submitted-form', { visible: true });
	await page.browserContext().close();
}

it('one poll with three low-score reviews and a 5-star one: a form for each in turn; a stale form is never applied to the next review', async () => {
	await browser.until('the first poll', async () => reviewListReads(app) >= 1, {
		timeoutMs: 90000,
	});
	const add = (customer_id: number, score: number, text: string) =>
		app.sim.addReview(project().id, { customer_id, score, review: text });
	const low1 = add(1, 1, 'Burnt bread.');
	const low2 = add(2, 3, 'Slow queue.');
	const low3 = add(1, 2, 'Rude staff.');
	const high = add(2, 5, 'Superb.');

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
	// The person opens the link twice (mail and chat), decides in one window...
	const window1 = await openForm(first.approvalUrl);
	const stale = await openForm(first.approvalUrl);
	expect(window1.shown).toContain('Burnt bread.');
	await submit(window1.page, 'Post this reply');
	// ...the execution moves on to the next review, under the same link...
	const second = await latestMessage(executionId, 2);
	expect(second.reviewId).toBe(low2.id);
	expect(second.approvalUrl).toBe(first.approvalUrl);
	// ...and the other window, still showing the first review, is submitted too.
	expect(stale.shown).toContain('Burnt bread.');
	await submit(stale.page, 'Post this reply');

	const third = await latestMessage(executionId, 3);
	expect(third.reviewId).toBe(low3.id);
	const window3 = await openForm(third.approvalUrl);
	expect(window3.shown).toContain('Rude staff.');
	await submit(window3.page, 'Post this reply');

	await waitForExecution(app, executionId, ['success']);
	expect(review(low1.id).reply).toBe(first.draft);
	expect(review(low1.id).replied_at).not.toBeNull();
	// The stale answer (about the first review) was not posted on the second: flagged for a person.
	expect(review(low2.id)).toMatchObject({ reply: '', replied_at: null });
	expect((review(low2.id).tags as Json[]).map((t) => t.slug)).toEqual(['needs-attention']);
	expect(review(low3.id).reply).toBe(third.draft);
	const puts = app.sim.requests.filter((r) => r.method === 'PUT');
	expect(puts.map((r) => r.path).sort()).toEqual(
		[
			`/project/reviews/${high.id}/reply`,
			`/project/reviews/${low1.id}/reply`,
			`/project/reviews/${low1.id}/mark-replied`,
			`/project/reviews/${low2.id}/tags`,
			`/project/reviews/${low3.id}/reply`,
			`/project/reviews/${low3.id}/mark-replied`,
		].sort(),
	);
});
