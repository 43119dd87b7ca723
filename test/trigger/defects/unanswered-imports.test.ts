/**
 * Issue 29 defect 8 (first half), contract §8/§9 "Review Unanswered and imports": a review that appears
 * (its id above every id a poll has seen; ids grow with creation, §6) with its deadline already passed
 * never fires, across polls, not only within one: here the import lands between two polls, its deadline
 * after the first of them and before the import. Only Date is faked (n8n's and the simulator's clock).
 */
import { createPoller } from '../../harness';
import { fakeDateOnly, HOUR, later, now } from '../../harness/fake-clock';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';
import { api } from './support';

const env = useSimulator();

beforeEach(() => fakeDateOnly());
afterEach(() => jest.useRealTimers());

const poller = () =>
	createPoller({
		parameters: { event: 'reviewUnanswered', unansweredHours: 24 },
		credentials: env.projectCredentials(),
	});

/** A review created through the API (an import: its created_at given), its id. */
const imported = async (createdAt: number, email: string) =>
	(
		await api(env, 'POST', '/project/reviews', {
			score: 2,
			email,
			review: 'x',
			created_at: createdAt,
		})
	).data!.id;

describe('reviewUnanswered: an import between two polls, its deadline already passed', () => {
	it('never fires; a review created normally meanwhile fires at its deadline', async () => {
		const trigger = poller();
		expect(idsOf(await trigger.poll())).toEqual([]);
		later(2);
		expect(idsOf(await trigger.poll())).toEqual([]);
		const lastPoll = now();

		later(1);
		// Its deadline passed half an hour after the last poll, half an hour before it appeared.
		const late = await imported(lastPoll + HOUR / 2 - 24 * HOUR, 'late@example.com');
		const normal = env.sim.addReview(env.sim.defaultProject().id, { score: 3 }).id;
		later(0.5);
		expect(idsOf(await trigger.poll())).not.toContain(late);
		later(24);
		const due = idsOf(await trigger.poll());
		expect(due).toEqual([normal]);
		later(48);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});
});
