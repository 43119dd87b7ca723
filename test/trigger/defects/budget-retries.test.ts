/**
 * Issue 29 defect 3, contract §9 "Everything inside the budget": retries, 429 waits and timeouts are inside
 * the poll budget: no request is sent or awaited past it; a Retry-After that does not fit ends the poll
 * (what was read in order is emitted, the rest next poll); a request slower than the budget is one attempt
 * cut to it, not retried past it. Default Request Options (3 retries). Times are the simulator's real
 * wall clock (`receivedAt`) and the poll's; margins are generous (a loaded 2-core machine).
 */
import { createPoller } from '../../harness';
import { wallClock } from '../../simulator/server';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const REVIEWS = '/project/reviews';
/** Slack for the answer and the emit on a loaded machine. */
const MARGIN_MS = 1_500;

const poller = (budgetMs: number) =>
	createPoller({
		parameters: { event: 'newReview' },
		credentials: env.projectCredentials(),
		budgetMs,
	});

/** One poll: what it emitted, how long it took, and the list requests it sent (with their times). */
async function timedPoll(trigger: ReturnType<typeof poller>) {
	const before = env.requests('GET', REVIEWS).length;
	const started = wallClock();
	const ids = idsOf(await trigger.poll().catch(() => null));
	const ended = wallClock();
	// Each list request: its status and when it arrived, in ms after the poll started.
	const sent = env
		.requests('GET', REVIEWS)
		.slice(before)
		.map((request) => ({
			status: request.status,
			atMs: Math.round(request.receivedAt! - started),
		}));
	return { ids, tookMs: ended - started, sent };
}

describe('a 429 whose Retry-After does not fit the budget', () => {
	it('every request answered 429 (Retry-After 30 s), budget 4 s: the poll ends within it, sending nothing past it', async () => {
		const trigger = poller(4_000);
		await trigger.poll();
		addRecords(env, 'newReview', 5);
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 30 },
			method: 'GET',
			path: REVIEWS,
			times: 1_000,
		});
		const { tookMs, sent } = await timedPoll(trigger);
		expect(sent.filter((request) => request.atMs > 4_000)).toEqual([]);
		// The service asked for 30 s: no retry of that poll before then.
		expect(sent).toHaveLength(1);
		expect(tookMs).toBeLessThan(4_000 + MARGIN_MS);
	});

	it('a 429 (Retry-After 30 s) on a later page of a backlog: what was read in order comes out, the rest next poll, each once', async () => {
		const trigger = poller(4_000);
		await trigger.poll();
		const fresh = addRecords(env, 'newReview', 450);
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 30 },
			method: 'GET',
			path: REVIEWS,
			skip: 2,
		});
		const first = await timedPoll(trigger);
		const limited = first.sent.findIndex((request) => request.status === 429);
		expect(limited).toBeGreaterThanOrEqual(0);
		// Nothing sent after the 429 within this poll: its Retry-After (30 s) does not fit.
		expect(first.sent.slice(limited + 1)).toEqual([]);
		expect(first.tookMs).toBeLessThan(4_000 + MARGIN_MS);
		expect(first.ids).toEqual(fresh.slice(0, first.ids.length));
		const emitted = [...first.ids];
		for (let poll = 0; poll < 10 && emitted.length < fresh.length; poll++)
			emitted.push(...(await timedPoll(trigger)).ids);
		expect(emitted).toEqual(fresh);
	});
});

describe('a request slower than the budget', () => {
	it('budget 1.5 s, the list hangs 5 s: one attempt cut to the budget, not retried', async () => {
		const trigger = poller(1_500);
		await trigger.poll();
		const fresh = addRecords(env, 'newReview', 5);
		env.sim.injectFault({ fault: { kind: 'hang', ms: 5_000 }, method: 'GET', path: REVIEWS });
		const { ids, tookMs, sent } = await timedPoll(trigger);
		expect(sent).toHaveLength(1);
		expect(sent[0].atMs).toBeLessThan(1_500);
		expect(tookMs).toBeLessThan(1_500 + MARGIN_MS);
		expect(ids).toEqual([]);
		expect(idsOf(await trigger.poll())).toEqual(fresh);
	});

	it('a backlog, budget 1.5 s, every page after the first hangs 5 s: no request past the budget; what was read in order comes out', async () => {
		const trigger = poller(1_500);
		await trigger.poll();
		const fresh = addRecords(env, 'newReview', 450);
		env.sim.injectFault({
			fault: { kind: 'hang', ms: 5_000 },
			method: 'GET',
			path: REVIEWS,
			skip: 1,
			times: 1_000,
		});
		const { ids, tookMs, sent } = await timedPoll(trigger);
		expect(sent.filter((request) => request.atMs >= 1_500)).toEqual([]);
		expect(sent.length).toBeLessThanOrEqual(2);
		expect(tookMs).toBeLessThan(1_500 + MARGIN_MS);
		expect(ids).toEqual(fresh.slice(0, ids.length));
	});
});
