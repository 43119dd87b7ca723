/**
 * Issue 35 defect 1: New Review asks where duplicate reviews are listed ("the duplicate facet"; its value
 * is not shown). A service that names it otherwise must never fail a poll: the question degrades (one
 * warning per activation) and the documented limit applies (a review that was a duplicate at activation
 * and is un-flagged later may fire). Where the facet is known (`duplicate`, or `duplicates` tried next),
 * the un-flagged review does not fire.
 */
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf, pollerFor } from '../../harness/trigger-pollers';
import { api } from '../defects/support';
import { collectWarnings } from './support';

const env = useSimulator();
const warnings = collectWarnings();

const flagDuplicate = async (id: number, duplicate: boolean) =>
	await api(env, 'PUT', `/project/reviews/${id}/flag-duplicate`, { is_duplicate: duplicate });

describe.each([
	['guesses', 'known'],
	['plural-facet', 'known'],
	['strict-25', 'refused'],
	['other-names', 'ignored'],
])('newReview on dialect %s (duplicate facet %s)', (dialect, facet) => {
	it.each([
		['One Project', false],
		['All Projects', true],
	])('%s: no poll fails; new reviews fire once; a duplicate un-flagged later', async (_s, all) => {
		env.sim.setDialect(dialect);
		const [duplicate] = addRecords(env, 'newReview', 1);
		await flagDuplicate(duplicate, true);
		const poller = all
			? pollerFor(env, 'newReview', { projectScope: 'all' }, true)
			: pollerFor(env, 'newReview');
		expect(idsOf(await poller.poll())).toEqual([]);
		await flagDuplicate(duplicate, false);
		const unflagged = idsOf(await poller.poll());
		const fresh = addRecords(env, 'newReview', 2);
		expect(idsOf(await poller.poll())).toEqual(fresh);
		expect(idsOf(await poller.poll())).toEqual([]);

		const degraded = warnings().filter((w) => /duplicate facet/.test(w));
		if (facet === 'known') {
			expect(unflagged).toEqual([]);
			expect(degraded).toEqual([]);
		} else {
			// The documented limit: it may fire, once.
			expect(unflagged.filter((id) => id !== duplicate)).toEqual([]);
			expect(degraded).toHaveLength(1);
			expect(degraded[0]).toMatch(/facet/);
		}
	});
});
