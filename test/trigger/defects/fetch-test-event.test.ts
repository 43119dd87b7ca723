/**
 * Issue 29 defect 8 (second half), contract §9 "Fetch Test Event": manual mode returns the newest matching
 * record for every event, however many newer records do not match (or are not due yet), within the budget.
 */
import type { INodeParameters } from 'n8n-workflow';

import { createPoller } from '../../harness';
import { fakeDateOnly, HOUR, now } from '../../harness/fake-clock';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();

afterEach(() => jest.useRealTimers());

const manual = async (parameters: INodeParameters) =>
	idsOf(await createPoller({ parameters, credentials: env.projectCredentials() }).poll('manual'));

describe('Fetch Test Event', () => {
	it('Review Unanswered: the newest due review, behind 150 newer reviews not due yet', async () => {
		fakeDateOnly();
		const project = env.sim.defaultProject();
		// Only these reviews (the seed has reviews of its own that are due).
		project.reviews.clear();
		const due = env.sim.addReview(project.id, { score: 2, created_at: now() - 30 * HOUR }).id;
		env.sim.addReviews(project.id, 150, { score: 4, created_at: now() - HOUR });
		expect(await manual({ event: 'reviewUnanswered', unansweredHours: 24 })).toEqual([due]);
	});

	it('New Review: the newest review that is not a duplicate, behind 150 newer duplicates', async () => {
		const [wanted] = addRecords(env, 'newReview', 1);
		env.sim.addReviews(env.sim.defaultProject().id, 150, { score: 4, is_duplicate: true });
		expect(await manual({ event: 'newReview' })).toEqual([wanted]);
	});

	it('New Review with a Score filter: the newest score-1 review, behind 150 newer ones of score 4', async () => {
		const [wanted] = addRecords(env, 'newReview', 1, { score: 1 });
		addRecords(env, 'newReview', 150);
		expect(await manual({ event: 'newReview', filters: { score: '1' } })).toEqual([wanted]);
	});
});
