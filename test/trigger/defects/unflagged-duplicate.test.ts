/**
 * Issue 29 defect 10: New Review fires for reviews that appear after activation. A review that already
 * existed at activation, flagged as a duplicate, did not appear after activation: un-flagged later, it
 * must not fire. Reviews created after activation still fire once.
 *
 * The spec says the review list returns "non-duplicate reviews ... unless the duplicate facet is
 * selected" (facet names not shown); the simulator's `all` facet lists duplicates too. Both readings are
 * tested: `duplicatesOnlyInTheirFacet` makes the simulator answer as the spec words it.
 */
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf, pollerFor } from '../../harness/trigger-pollers';
import { api } from './support';

const env = useSimulator();

const flagDuplicate = async (id: number, duplicate: boolean) =>
	await api(env, 'PUT', `/project/reviews/${id}/flag-duplicate`, { is_duplicate: duplicate });

describe.each([
	['the facet lists duplicates', false],
	['duplicates listed under their own facet only (as the spec words it)', true],
])('newReview, %s: a duplicate that existed at activation', (_name, strict) => {
	it.each([
		['One Project', false],
		['All Projects', true],
	])(
		'%s: un-flagged after activation, it does not fire; a review created after activation does',
		async (_scope, all) => {
			env.sim.defaultProject().duplicatesOnlyInTheirFacet = strict;
			const [duplicate] = addRecords(env, 'newReview', 1);
			await flagDuplicate(duplicate, true);
			const poller = all
				? pollerFor(env, 'newReview', { projectScope: 'all' }, true)
				: pollerFor(env, 'newReview');
			expect(idsOf(await poller.poll())).toEqual([]);

			await flagDuplicate(duplicate, false);
			expect(idsOf(await poller.poll())).toEqual([]);
			const fresh = addRecords(env, 'newReview', 2);
			expect(idsOf(await poller.poll())).toEqual(fresh);
			expect(idsOf(await poller.poll())).toEqual([]);
		},
	);
});
