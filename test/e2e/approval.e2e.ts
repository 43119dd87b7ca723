/**
 * examples/ai-review-reply-approval.json in the REAL n8n app (2.41.1), offline: the scripted model
 * behind n8n's AI Agent drafts, n8n's own Wait node ("On Form Submitted") holds the execution, and a
 * person answers the form IN A REAL BROWSER (Debian chromium): the link is read from the execution
 * (the "Message for the Approver" node, which the user replaces by a Send Email / Slack node).
 *
 * Checked: a 4–5-star review is answered without a person; for 1–3 stars the form shows the review
 * and the draft; approved → the person's (edited) text is posted exactly once and the review marked
 * replied; rejected → nothing posted, tagged needs-attention; the same form submitted twice (two
 * tabs) posts once; review text cannot inject script into the form.
 */
import type { ExampleApp, Json } from './support/example-app';
import {
	addReviewTag,
	startExampleApp,
	startManualRun,
	waitForExecution,
} from './support/example-app';
import { approvalScript, draftText } from './support/approval-agent-script';

const n8n = require('../../scripts/n8n/n8n-app');
const browser = require('../../scripts/e2e/browser');

let app: ExampleApp;
let chromium: Json | undefined;
const timings: string[] = [];

const project = () => app.sim.defaultProject();
const review = (id: number) => app.sim.toJson('review', id) as Json;
const sent = (suffix: string) =>
	app.sim.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(suffix));

beforeAll(async () => {
	const started = Date.now();
	app = await startExampleApp({
		example: 'ai-review-reply-approval.json',
		workflowId: 'rcExampleApprove',
		script: approvalScript,
		// docs/ai-agents.md, "Approval before posting": create the tag `needs-attention` in the project first.
		prepareSim: (sim) =>
			addReviewTag(sim, sim.defaultProject(), 'needs-attention', 'Needs Attention'),
	});
	chromium = await browser.launch();
	timings.push(`setup ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

afterAll(async () => {
	if (chromium) await browser.close(chromium);
	await app?.stop();
	process.stdout.write(`[approval e2e] ${timings.join('; ')}\n`);
});

/** Adds a review, runs the workflow until it waits for the person; resolves the link it sent. */
async function awaitApproval(fields: Json) {
	const added = app.sim.addReview(project().id, fields);
	app.sim.requests.length = 0;
	const executionId = await startManualRun(app, 'New Review');
	const { run } = await waitForExecution(app, executionId, ['waiting']);
	const [message] = n8n.nodeOutput(run, 'Message for the Approver');
	return { added, executionId, message, url: message.approvalUrl as string };
}

/** The link opened in a browser window of its own (as from a mail client or chat app). */
async function openForm(url: string) {
	const context = await chromium!.browser.createBrowserContext();
	const page = await context.newPage();
	page.setDefaultTimeout(30000);
	await page.goto(url, { waitUntil: 'networkidle2' });
	await page.waitForSelector('textarea#field-0', { visible: true });
	return page;
}

const closeForm = async (page: any) => await page.browserContext().close();

async function decide(page: any, decision: 'Post this reply' | 'Do not post', reply?: string) {
	if (reply !== undefined) {
		await page.click('textarea#field-0', { clickCount: 3 });
		await page.keyboard.down('Control');
		await page.keyboard.press('KeyA');
		await page.keyboard.up('Control');
		await page.keyboard.press('Backspace');
		await page.type('textarea#field-0', reply);
		expect(await page.$eval('textarea#field-0', (e: any) => e.value)).toBe(reply);
	}
	await page.click(`input[type="checkbox"][value="${decision}"]`);
	await page.click('#submit-btn');
	await page.waitForSelector('#submitted-form', { visible: true });
	return await page.$eval('#submitted-form', (e: any) => e.textContent.replace(/\s+/g, ' ').trim());
}

const countReviews = (customerId: number) =>
	project().reviews.items.filter((r) => r.customer_id === customerId && !r.is_duplicate).length;

describe('AI drafts, a person approves, in the real n8n app and a real browser', () => {
	it('4–5 stars: the Reply Agent posts its reply, no person asked', async () => {
		const added = app.sim.addReview(project().id, { customer_id: 2, score: 5, review: 'Perfect!' });
		app.sim.requests.length = 0;
		const executionId = await startManualRun(app, 'New Review');
		const { run } = await waitForExecution(app, executionId, ['success']);
		expect(run.data.resultData.runData['Approve or Reject']).toBeUndefined();
		expect(sent('/reply')).toHaveLength(1);
		expect(review(added.id).reply).toMatch(/^Thank you, /);
	});

	it('1 star: the form shows the review and the draft; the edited reply is posted exactly once', async () => {
		const started = Date.now();
		const { added, message, url, executionId } = await awaitApproval({
			customer_id: 1,
			score: 1,
			review: 'The croissants were cold.',
		});
		const name = review(added.id).reviewer.name as string;
		const draft = draftText(name.split(' ')[0], 1, countReviews(1));
		expect(message.message).toContain(url);
		expect(url).toMatch(new RegExp(`^${app.server.url}/form-waiting/${executionId}\\?signature=`));
		// Nothing posted while the person has not decided.
		expect(sent('/reply')).toHaveLength(0);
		// The signature n8n put in the link is what opens the form.
		const unsigned = url.replace(/\?signature=.*$/, '');
		for (const wrong of [unsigned, `${unsigned}?signature=${'0'.repeat(64)}`]) {
			const r = await fetch(wrong);
			expect(r.status).toBe(401);
			expect(await r.text()).not.toContain('textarea');
		}

		const page = await openForm(url);
		expect(await page.$eval('h1', (e: any) => e.textContent.trim())).toBe(
			'Reply to a 1-star review',
		);
		const description = await page.$eval('form p', (e: any) => e.textContent);
		expect(description).toContain(`${name} wrote:`);
		expect(description).toContain('The croissants were cold.');
		expect(await page.$eval('textarea#field-0', (e: any) => e.value)).toBe(draft);

		const edited = `${draft} Ask for Maria at the counter.`;
		expect(await decide(page, 'Post this reply', edited)).toContain(
			'Your decision has been recorded',
		);
		await closeForm(page);

		const { run } = await waitForExecution(app, executionId, ['success']);
		expect(n8n.nodeOutput(run, 'Reply')).toEqual([{ success: true, id: added.id, reply: edited }]);
		expect(sent('/reply').map((r) => `${r.path} ${JSON.stringify(r.body)}`)).toEqual([
			`/project/reviews/${added.id}/reply ${JSON.stringify({ reply: edited })}`,
		]);
		expect(sent('/mark-replied')).toHaveLength(1);
		expect(review(added.id)).toMatchObject({ reply: edited });
		expect(review(added.id).replied_at).not.toBeNull();
		expect(app.sim.requests.filter((r) => r.path.endsWith('/tags'))).toHaveLength(0);
		timings.push(`approve (run, form, post) ${((Date.now() - started) / 1000).toFixed(1)} s`);
	});

	it('rejected: nothing is posted, the review is tagged needs-attention (keeping its tags); its text cannot inject script', async () => {
		const { added, url, executionId } = await awaitApproval({
			customer_id: 2,
			score: 2,
			review:
				'Slow. <img src="x" onerror="window.__injected = 1"><script>window.__injected = 2</script>',
			tag_slugs: ['slow-delivery'],
		});
		const page = await openForm(url);
		expect(await page.evaluate(() => (globalThis as any).__injected)).toBeUndefined();
		expect(await decide(page, 'Do not post')).toContain('Your decision has been recorded');
		expect(await page.evaluate(() => (globalThis as any).__injected)).toBeUndefined();
		await closeForm(page);

		await waitForExecution(app, executionId, ['success']);
		expect(sent('/reply')).toHaveLength(0);
		expect(sent('/mark-replied')).toHaveLength(0);
		expect(review(added.id)).toMatchObject({ reply: '', replied_at: null });
		expect(
			review(added.id)
				.tags.map((t: Json) => t.slug)
				.sort(),
		).toEqual(['needs-attention', 'slow-delivery']);
	});

	it('the same form submitted twice (open in two tabs) posts once: the first answer wins', async () => {
		const { added, url, executionId } = await awaitApproval({
			customer_id: 1,
			score: 3,
			review: 'Fine, but the coffee was lukewarm.',
		});
		const first = await openForm(url);
		const second = await openForm(url);
		await decide(first, 'Post this reply', 'First answer: thank you, we fixed the coffee machine.');
		await waitForExecution(app, executionId, ['success']);
		await decide(second, 'Post this reply', 'Second answer, must never be posted.');
		await closeForm(first);
		await closeForm(second);
		// The link opened again after the decision shows no form.
		const again = await chromium!.browser.newPage();
		await again.goto(url, { waitUntil: 'networkidle2' });
		expect(await again.$('textarea#field-0')).toBeNull();
		expect(await again.$eval('body', (e: any) => e.textContent)).toContain(
			'Your response has been recorded',
		);
		await again.close();

		await waitForExecution(app, executionId, ['success']);
		expect(sent('/reply').map((r) => r.body)).toEqual([
			{ reply: 'First answer: thank you, we fixed the coffee machine.' },
		]);
		expect(sent('/mark-replied')).toHaveLength(1);
		expect(review(added.id).reply).toBe('First answer: thank you, we fixed the coffee machine.');
	});

	it('two tabs submitting at the same moment still post once', async () => {
		const { added, url, executionId } = await awaitApproval({
			customer_id: 2,
			score: 3,
			review: 'Okay-ish.',
		});
		const tabs = [await openForm(url), await openForm(url)];
		for (const [i, tab] of tabs.entries()) {
			await tab.$eval(
				'textarea#field-0',
				(e: any, text: string) => (e.value = text),
				`Answer from tab ${i + 1}.`,
			);
			await tab.click('input[type="checkbox"][value="Post this reply"]');
		}
		// Both submit buttons clicked without waiting for either answer.
		await Promise.all(tabs.map((tab) => tab.$eval('#submit-btn', (e: any) => e.click())));
		await Promise.all(tabs.map((tab) => tab.waitForSelector('#submitted-form', { visible: true })));
		await waitForExecution(app, executionId, ['success']);
		await browser.sleep(2000);
		for (const tab of tabs) await closeForm(tab);

		const replies = sent('/reply');
		expect(replies).toHaveLength(1);
		expect(String((replies[0].body as Json).reply)).toMatch(/^Answer from tab [12]\.$/);
		expect(sent('/mark-replied')).toHaveLength(1);
		expect(review(added.id).reply).toBe((replies[0].body as Json).reply);
	});

	it('nobody decides within the Wait node’s limit: counts as Do not post', async () => {
		// The example waits 3 days; here 5 seconds (n8n's wait tracker looks every 60 s).
		const saved = await n8n.request(app.server, 'GET', `/rest/workflows/${app.workflowId}`, {
			cookie: app.cookie,
		});
		const workflow = saved.body.data as Json;
		Object.assign(workflow.nodes.find((n: Json) => n.name === 'Approve or Reject').parameters, {
			resumeAmount: 5,
			resumeUnit: 'seconds',
		});
		const patched = await n8n.request(app.server, 'PATCH', `/rest/workflows/${app.workflowId}`, {
			cookie: app.cookie,
			body: workflow,
		});
		expect(patched.status).toBe(200);

		const { added, executionId } = await awaitApproval({
			customer_id: 1,
			score: 2,
			review: 'Nobody will read this.',
		});
		await waitForExecution(app, executionId, ['success'], 150000);
		expect(sent('/reply')).toHaveLength(0);
		expect((review(added.id).tags as Json[]).map((t) => t.slug)).toEqual(['needs-attention']);
	});
});
