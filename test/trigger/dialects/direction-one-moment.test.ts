/**
 * Contract §10/§11: a service that ignores `sort_dir` cannot be read in order, and the poll must fail
 * naming it. Since equal moments may come in any order (issue 40), the order check compares moments only,
 * so a first page oldest first of one moment showed nothing wrong: with 136 reviews created in one second
 * on top of 23 due ones, Review Unanswered took the newest page for the oldest, cut it all (not due) and
 * ended there; the due ones never fired, with no error (soak seed 100294, dialect other-names). Now the
 * first page oldest first is compared with the probe's newest first.
 */
import { createPoller } from '../../harness';
import { fakeDateOnly, later } from '../../harness/fake-clock';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => fakeDateOnly());
afterEach(() => jest.useRealTimers());

describe.each([
	['guesses', true],
	['ties-reordered', true],
	['other-names', false],
])('dialect %s', (dialect, honoured) => {
	it('Review Unanswered, newest page all one second and not due: the due ones fire, or the poll names sort_dir', async () => {
		env.sim.setDialect(dialect);
		const project = env.sim.defaultProject();
		const trigger = createPoller({
			parameters: { event: 'reviewUnanswered', unansweredHours: 1 },
			credentials: env.projectCredentials(),
		});
		await trigger.poll();
		env.sim.addReviews(project.id, 23, { score: 4, created_at: nowSeconds() + 60 });
		const due = project.reviews.items.slice(-23).map((review) => review.id);
		later(1.5);
		env.sim.addReviews(project.id, 136, { score: 4, created_at: nowSeconds() });
		if (honoured) {
			expect(idsOf(await trigger.poll()).sort((a, b) => a - b)).toEqual(due);
			return;
		}
		await expect(trigger.poll()).rejects.toThrow(/sort_dir/);
	});
});
