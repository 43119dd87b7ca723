/**
 * Issue 35 defect 1: New Review asks where duplicate reviews are listed ("the duplicate facet"; its value
 * is not shown). A service that names it otherwise must never fail a poll: the question degrades (one
 * warning per activation) and the documented limit applies (a review that was a duplicate at activation
 * and is un-flagged later may fire). Where the facet is known (`duplicate`, or `duplicates` tried next),
 * the un-flagged review does not fire.
 */
import type { Fault } from '../../simulator';
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

/**
 * Issue 42: only a refusal (400/404/422) degrades the question. Any other failure of it is a failed
 * poll, as a failure of the list is: it stores nothing and warns nothing, and the next poll asks again,
 * so the protection is not lost to one bad answer.
 */
describe('newReview: the duplicate question fails at activation', () => {
	const fast = { requestOptions: { maxRetries: 0, timeout: 1_000 } };
	const asked = () =>
		env
			.requests('GET', '/project/reviews')
			.filter((request) => request.query.facet === 'duplicate');

	it.each<[string, Fault]>([
		['HTTP 500', { kind: 'status', status: 500 }],
		['HTTP 503', { kind: 'status', status: 503 }],
		['a hang past the timeout', { kind: 'hang', ms: 2_500 }],
		['HTTP 401', { kind: 'status', status: 401 }],
		['a dropped connection', { kind: 'drop' }],
	])(
		'%s: the poll fails and stores nothing; the next asks again and keeps the protection',
		async (_name, fault) => {
			const [duplicate] = addRecords(env, 'newReview', 1);
			await flagDuplicate(duplicate, true);
			const poller = pollerFor(env, 'newReview', fast);
			const stored = JSON.stringify(poller.staticData());
			env.sim.injectFault({
				fault,
				method: 'GET',
				path: '/project/reviews',
				query: { facet: 'duplicate' },
			});

			await expect(poller.poll()).rejects.toThrow();

			expect(asked()).toHaveLength(1);
			expect(JSON.stringify(poller.staticData())).toBe(stored);
			expect(idsOf(await poller.poll())).toEqual([]);
			expect(asked()).toHaveLength(2);
			await flagDuplicate(duplicate, false);
			expect(idsOf(await poller.poll())).toEqual([]);
			const fresh = addRecords(env, 'newReview', 1);
			expect(idsOf(await poller.poll())).toEqual(fresh);
			expect(warnings().filter((w) => /duplicate facet/.test(w))).toEqual([]);
		},
	);

	it('a refusal (HTTP 422) of the first value: the next value is asked, the poll goes on', async () => {
		const [duplicate] = addRecords(env, 'newReview', 1);
		await flagDuplicate(duplicate, true);
		const poller = pollerFor(env, 'newReview', fast);
		env.sim.injectFault({
			fault: { kind: 'status', status: 422 },
			method: 'GET',
			path: '/project/reviews',
			query: { facet: 'duplicate' },
		});

		expect(idsOf(await poller.poll())).toEqual([]);
		expect(env.requests('GET', '/project/reviews').map((request) => request.query.facet)).toContain(
			'duplicates',
		);
	});
});
