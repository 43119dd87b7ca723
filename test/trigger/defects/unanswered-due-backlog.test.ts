/**
 * Contract §8 "Review Unanswered", §9 "Review Unanswered and imports" (found by the reference model, seeds
 * 50633, 50603, 50788, 51260): more than a page of reviews imported with dates 50 minutes back (Hours
 * Without Reply 1: due 10 minutes later) are seen by a full poll before their deadline, so they did not
 * appear due: each fires once when due. A review that appears with its deadline passed still never fires,
 * however many reviews are not due yet. Only Date is faked (n8n's and the simulator's clock).
 */
import { createPoller } from '../../harness';
import { fakeDateOnly, HOUR, later, now } from '../../harness/fake-clock';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();

beforeEach(() => fakeDateOnly());
afterEach(() => jest.useRealTimers());

const poller = () =>
	createPoller({
		parameters: { event: 'reviewUnanswered', unansweredHours: 1 },
		credentials: env.projectCredentials(),
	});

/** The ids of the default project's reviews above `after`. */
const idsAbove = (after: number) =>
	env.sim
		.defaultProject()
		.reviews.items.map((review) => review.id)
		.filter((id) => id > after);

describe('reviewUnanswered: more than a page of reviews seen before their deadline', () => {
	it('fires every one of them once when due', async () => {
		const trigger = poller();
		expect(idsOf(await trigger.poll())).toEqual([]);
		const before = Math.max(0, ...idsAbove(0));
		later(0.05);
		env.sim.addReviews(env.sim.defaultProject().id, 150, {
			score: 4,
			created_at: now() - (50 * HOUR) / 60,
		});
		const imports = idsAbove(before);
		expect(imports).toHaveLength(150);
		// A full poll sees all of them, their deadline 10 minutes ahead: nothing fires yet.
		expect(idsOf(await trigger.poll())).toEqual([]);
		later(70 / 60);
		const fired = [...idsOf(await trigger.poll()), ...idsOf(await trigger.poll())];
		expect([...fired].sort((a, b) => a - b)).toEqual(imports);
	});

	it('still never fires a review that appears with its deadline passed, in a busy project', async () => {
		const trigger = poller();
		expect(idsOf(await trigger.poll())).toEqual([]);
		const project = env.sim.defaultProject().id;
		// Always more than a page of reviews not due yet: no poll sees the newest id on its first page.
		const batch = async () => {
			const before = Math.max(0, ...idsAbove(0));
			env.sim.addReviews(project, 150, { score: 4 });
			return idsAbove(before);
		};
		later(0.05);
		const first = await batch();
		expect(idsOf(await trigger.poll())).toEqual([]);
		later(0.6);
		const second = await batch();
		expect(idsOf(await trigger.poll())).toEqual([]);
		later(0.6);
		const third = await batch();
		expect(idsOf(await trigger.poll())).toEqual(first);
		const seen = Math.max(...idsAbove(0));
		const lastPoll = now();
		later(0.25);
		// Created after activation; its deadline passed after the last poll, before it appeared.
		env.sim.addReviews(project, 1, { score: 2, created_at: lastPoll + 0.1 * HOUR - HOUR });
		const late = idsAbove(seen);
		expect(late).toHaveLength(1);
		later(0.1);
		expect(idsOf(await trigger.poll())).toEqual([]);
		later(2);
		expect(idsOf(await trigger.poll())).toEqual([...second, ...third]);
	});
});
