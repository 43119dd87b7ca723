/**
 * Review Unanswered in a hostile world (contract §8): a backlog larger than a poll's budget, an import
 * of old reviews running while the walk reads, two polls from one committed cursor (n8n's durable
 * cursors) and a restart before the first emitting poll (n8n's default saving). Only Date is faked.
 */
import type { CreatePollerOptions } from '../harness';
import { createPoller } from '../harness';
import { fakeDateOnly, HOUR, later, now } from '../harness/fake-clock';
import { DurableCursorTrigger, LegacySavedTrigger } from '../harness/n8n-saving';
import { useSimulator } from '../harness/simulator-env';
import { idsOf } from '../harness/trigger-pollers';

const env = useSimulator();
const REVIEWS = '/project/reviews';

beforeEach(() => fakeDateOnly());
afterEach(() => {
	env.sim.answering = undefined;
	jest.useRealTimers();
});

const options = (extra: Partial<CreatePollerOptions> = {}): CreatePollerOptions => ({
	parameters: { event: 'reviewUnanswered', unansweredHours: 24, requestOptions: { maxRetries: 0 } },
	credentials: env.projectCredentials(),
	...extra,
});

/** Adds `count` reviews (created now unless given) and returns their ids. */
function added(count: number, fields: Record<string, unknown> = {}): number[] {
	const project = env.sim.defaultProject();
	const start = project.reviews.items.at(-1)!.id;
	env.sim.addReviews(project.id, count, { score: 3, ...fields });
	return project.reviews.items.filter((r) => r.id > start).map((r) => r.id);
}

describe('reviewUnanswered under pressure', () => {
	it('1,000 due at once, the clock moving 10 s per request, 45 s budget: drained over polls, once each, oldest first', async () => {
		const poller = createPoller(options({ budgetMs: 45_000 }));
		await poller.poll();
		const fresh = added(1_000);
		later(25);
		env.sim.answering = (request) => {
			if (request.path === REVIEWS) jest.setSystemTime(Date.now() + 10_000);
		};
		const emitted: number[] = [];
		for (let poll = 0; poll < 20 && emitted.length < fresh.length; poll++) {
			const before = env.requests('GET', REVIEWS).length;
			const ids = idsOf(await poller.poll());
			expect(env.requests('GET', REVIEWS).length - before).toBeLessThanOrEqual(3);
			expect(ids.length).toBeGreaterThan(0);
			emitted.push(...ids);
		}
		expect(emitted).toEqual(fresh);
		expect(await poller.poll()).toBeNull();
	});

	it('an import of old reviews (deadline past) running while the walk reads: none fires, no poll fails, every due one fires once', async () => {
		const poller = createPoller(options());
		await poller.poll();
		const due = added(450);
		later(23.9);
		expect(await poller.poll()).toBeNull();
		later(1.1);
		let importing = true;
		env.sim.answering = (request) => {
			// Older review dates: inserted below the read position, deadlines long past.
			if (importing && request.path === REVIEWS) added(20, { created_at: now() - 40 * HOUR });
		};
		const emitted: number[] = [];
		for (let poll = 0; poll < 4; poll++) emitted.push(...idsOf(await poller.poll()));
		importing = false;
		emitted.push(...idsOf(await poller.poll()));
		expect(emitted).toEqual(due);
	});

	it('durable cursors: two polls from the same committed cursor fire each review once', async () => {
		const trigger = new DurableCursorTrigger(options());
		await trigger.poll();
		const fresh = added(130);
		later(25);
		const [one, two] = await Promise.all([trigger.poll(), trigger.poll()]);
		expect([...idsOf(one), ...idsOf(two)].sort((a, b) => a - b)).toEqual(fresh);
		expect(await trigger.poll()).toBeNull();
	});

	it("n8n's default saving: a restart before the first emitting poll loses nothing and repeats nothing", async () => {
		const trigger = new LegacySavedTrigger(options());
		await trigger.activate();
		const waiting = added(2);
		later(2);
		expect(await trigger.poll()).toBeNull();
		trigger.restart();
		later(23);
		expect(idsOf(await trigger.poll())).toEqual(waiting);
		trigger.restart();
		expect(await trigger.poll()).toBeNull();
	});
});
