/**
 * Contract §8 "Poll budget": a poll stops sending requests before `this.getPollBudgetMs()` is spent (60 s
 * where n8n has no such method, as on n8n 1.123), emits what keeps the order, and the next poll goes on.
 * A backlog of any size comes out oldest first, exactly once, with progress on every poll; a running
 * import never makes a poll fail or stall. Engine tests: one active Workflow polled repeatedly.
 */
import { createPoller } from '../harness';
import { fakeDateOnly } from '../harness/fake-clock';
import { useSimulator } from '../harness/simulator-env';
import { addRecords, idsOf, pollCounting, range, slowDown } from '../harness/trigger-pollers';

const env = useSimulator();
const reviews = '/project/reviews';

/** Max Events per Poll 10,000: these polls are about the budget alone (the cap: test/trigger/max-events). */
function poller(budgetMs?: number | 'absent') {
	return createPoller({
		parameters: { event: 'newReview', options: { maxEventsPerPoll: 10_000 } },
		credentials: env.projectCredentials(),
		budgetMs,
	});
}

const slowList = (ms: number) => slowDown(env, reviews, ms);

/** Date.now() only is faked (timers, sockets stay real): a test moves n8n's clock by hand. */
const fakeClock = () => fakeDateOnly(Date.UTC(2026, 10, 24));

afterEach(() => jest.useRealTimers());

describe('a backlog larger than one poll can read', () => {
	it('3,000 new reviews, 1.5 s budget, 100 ms per request: drained oldest first, exactly once, progress on every poll', async () => {
		const trigger = poller(1_500);
		await trigger.poll();
		const fresh = addRecords(env, 'newReview', 3_000);
		slowList(100);

		const emitted: number[] = [];
		let polls = 0;
		while (emitted.length < fresh.length && polls < 40) {
			const { ids, requests } = await pollCounting(env, trigger, 'newReview');
			polls++;
			expect(ids.length).toBeGreaterThan(0);
			// Each request takes at least 100 ms: a poll that kept to 1.5 s sent at most 15.
			expect(requests).toBeLessThanOrEqual(15);
			emitted.push(...ids);
		}
		expect(polls).toBeGreaterThan(1);
		expect(emitted).toEqual(fresh);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});

	/** A backlog of 2,000 polled once while the clock moves 10 s per list request. */
	async function pollOnSlowClock(budget: number | 'absent') {
		const trigger = poller(budget);
		await trigger.poll();
		const fresh = addRecords(env, 'newReview', 2_000);
		fakeClock();
		env.sim.answering = (request) => {
			if (request.path === reviews) jest.setSystemTime(Date.now() + 10_000);
		};
		return { trigger, fresh, ...(await pollCounting(env, trigger, 'newReview')) };
	}

	it('with getPollBudgetMs: stops once the budget is spent (the clock moves 10 s per request, budget 45 s)', async () => {
		const { fresh, ids, requests } = await pollOnSlowClock(45_000);
		expect(requests).toBeGreaterThanOrEqual(2);
		expect(requests).toBeLessThanOrEqual(3);
		expect(ids).toEqual(fresh.slice(0, ids.length));
	});

	it('without getPollBudgetMs (n8n 1.123): 60 s, the clock moving 10 s per request', async () => {
		const { trigger, fresh, ids, requests } = await pollOnSlowClock('absent');
		expect(requests).toBeGreaterThanOrEqual(4);
		expect(requests).toBeLessThanOrEqual(6);
		expect(ids).toEqual(fresh.slice(0, ids.length));
		env.sim.answering = undefined;
		jest.useRealTimers();
		const rest = idsOf(await trigger.poll());
		expect([...ids, ...rest]).toEqual(fresh);
	});
});

describe('an import running during the polls (20 reviews inserted before every list answer)', () => {
	it('no poll fails or stalls; once the import stops, every review has come out once, in order', async () => {
		const trigger = poller(1_500);
		await trigger.poll();
		const expected = addRecords(env, 'newReview', 400);
		let importing = true;
		env.sim.answering = (request) => {
			if (importing && request.path === reviews) expected.push(...addRecords(env, 'newReview', 20));
		};
		const emitted: number[] = [];
		for (let poll = 0; poll < 6; poll++) {
			const ids = idsOf(await trigger.poll());
			expect(ids.length).toBeGreaterThan(0);
			emitted.push(...ids);
		}
		importing = false;
		for (let poll = 0; poll < 10 && emitted.length < expected.length; poll++)
			emitted.push(...idsOf(await trigger.poll()));
		expect(emitted).toEqual(expected);
	});
});

describe('10,000 new reviews in one poll', () => {
	it('reads each record about once: no second pass (202 before; about 115 now, the floor 101)', async () => {
		env.sim.addReviews(env.sim.defaultProject().id, 500, { score: 3 });
		const trigger = poller();
		await trigger.poll();
		const start = Math.max(...env.sim.defaultProject().reviews.items.map((review) => review.id));
		env.sim.addReviews(env.sim.defaultProject().id, 10_000, { score: 5 });
		const { ids, requests } = await pollCounting(env, trigger, 'newReview');
		expect(ids).toEqual(range(start + 1, 10_000));
		// Each request includes the last record already read: pages of 60–100, about 87 new records each.
		expect(requests).toBeLessThanOrEqual(120);
	});
});
