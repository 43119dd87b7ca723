/**
 * Issue 40, defect 1 (trigger): a service over SQL returns records with equal moments in another order
 * on every request (the `ties-reordered` dialect). Review Replied with 150 reviews replied in one second,
 * New Message with 150 messages created in one second: every event fires exactly once, no poll fails;
 * equal moments reordered are not an order error (a direction really ignored still is: dialects tests).
 * Review Unanswered with 131 reviews created in one second that fall due together, newer ones not due
 * yet (soak seed 100038): each fires once (the page that ends the due part is cut short; its total
 * once read as the list's size changing, and the run was counted again on every poll).
 */
import type { INodeParameters } from 'n8n-workflow';

import { createPoller } from '../../harness';
import { fakeDateOnly, later } from '../../harness/fake-clock';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => env.sim.setDialect('ties-reordered'));

function poller(parameters: INodeParameters) {
	return createPoller({ parameters, credentials: env.projectCredentials() });
}

/** Polls until nothing more comes (at most `limit` polls); every poll must succeed. */
async function drain(trigger: ReturnType<typeof poller>, limit = 10): Promise<number[]> {
	const emitted: number[] = [];
	for (let poll = 0; poll < limit; poll++) {
		const ids = idsOf(await trigger.poll());
		if (ids.length === 0) break;
		emitted.push(...ids);
	}
	return emitted;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

it('Review Replied: 150 reviews replied in one second (more than a page), each fires once', async () => {
	const project = env.sim.defaultProject();
	const trigger = poller({ event: 'reviewReplied' });
	await trigger.poll();
	env.sim.addReviews(project.id, 150, { score: 5 });
	const at = nowSeconds() + 5;
	const replied = project.reviews.items.slice(-150);
	for (const review of replied) review.replied_at = at;
	project.reviews.touched('replied_at');
	const emitted = await drain(trigger);
	expect(sorted(emitted)).toEqual(sorted(replied.map((review) => review.id)));
	expect(idsOf(await trigger.poll())).toEqual([]);
});

it('Review Replied, 40 replied in one second between others: each fires once, in order of time', async () => {
	const project = env.sim.defaultProject();
	const trigger = poller({ event: 'reviewReplied' });
	await trigger.poll();
	env.sim.addReviews(project.id, 240, { score: 5 });
	const at = nowSeconds() + 100;
	const replied = project.reviews.items.slice(-240);
	// 100 in seconds of their own, then 40 in one second, then 100 more: the 40 cross a page boundary.
	replied.forEach(
		(review, i) => (review.replied_at = i < 100 ? at + i : i < 140 ? at + 100 : at + i),
	);
	project.reviews.touched('replied_at');
	const emitted = await drain(trigger);
	expect(sorted(emitted)).toEqual(sorted(replied.map((review) => review.id)));
	const time = new Map(replied.map((review) => [review.id, review.replied_at as number]));
	for (let i = 1; i < emitted.length; i++)
		expect(time.get(emitted[i])!).toBeGreaterThanOrEqual(time.get(emitted[i - 1])!);
});

it('New Message: 150 messages created in one second, each fires once', async () => {
	const project = env.sim.defaultProject();
	const trigger = poller({ event: 'newMessage' });
	await trigger.poll();
	const before = new Set(project.messages.items.map((message) => message.id));
	env.sim.addMessages(project.id, 150, { created_at: nowSeconds() + 5 });
	const fresh = project.messages.items.filter((m) => !before.has(m.id)).map((m) => m.id);
	const emitted = await drain(trigger);
	expect(sorted(emitted)).toEqual(sorted(fresh));
	expect(idsOf(await trigger.poll())).toEqual([]);
});

it('New Message: 150 created in one second before activation fire nothing; one created after fires once', async () => {
	const project = env.sim.defaultProject();
	env.sim.addMessages(project.id, 150, { created_at: nowSeconds() - 5 });
	const trigger = poller({ event: 'newMessage' });
	expect(idsOf(await trigger.poll())).toEqual([]);
	const later = env.sim.addMessage(project.id, { created_at: nowSeconds() + 5 });
	expect(await drain(trigger)).toEqual([later.id]);
	expect(idsOf(await trigger.poll())).toEqual([]);
});

describe('Review Unanswered', () => {
	beforeEach(() => fakeDateOnly());
	afterEach(() => jest.useRealTimers());

	it('131 reviews created in one second fall due together, 4 newer not yet: each of the 131 fires once', async () => {
		const project = env.sim.defaultProject();
		const trigger = poller({ event: 'reviewUnanswered', unansweredHours: 1 });
		await trigger.poll();
		env.sim.addReviews(project.id, 131, { score: 4, created_at: nowSeconds() - 50 * 60 });
		const due = project.reviews.items.slice(-131).map((review) => review.id);
		env.sim.addReviews(project.id, 4, { score: 4 });
		// Polled before they are due: nothing yet.
		expect(idsOf(await trigger.poll())).toEqual([]);
		later(0.75);
		const sent = env.requests('GET', '/project/reviews').length;
		// One poll fires them all: the run is counted (read again from its start until every record of
		// its places is found, at most MAX_SWEEPS times over its two pages), not started afresh forever.
		expect(sorted(idsOf(await trigger.poll()))).toEqual(sorted(due));
		expect(env.requests('GET', '/project/reviews').length - sent).toBeLessThan(30);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});
});
