/**
 * Issue 29 defect 9, contract §8/§9 "Order": Query Parameters that name what the trigger itself sends
 * (`sort_key`, `sort_dir`, `date_key`, `date_from`, `date_to`, `page`, `per_page`, `facet`) are refused
 * before any request, naming the parameter. The defect: `sort_key=id` on Review Replied changes the order
 * undetected while replied moments tie, and a review is silently missed.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords } from '../../harness/trigger-pollers';
import { ALL_PROJECTS, api } from './support';

const env = useSimulator();

const REFUSED = [
	'sort_key',
	'sort_dir',
	'date_key',
	'date_from',
	'date_to',
	'page',
	'per_page',
	'facet',
];
const VALUES: Record<string, string> = {
	sort_key: 'id',
	sort_dir: 'desc',
	date_key: 'created_at',
	date_from: '2020-01-01',
	date_to: '2099-01-01',
	page: '1',
	per_page: '100',
	facet: 'visible',
};

const withParameter = (event: string, name: string) =>
	createPoller({
		parameters: {
			event,
			options: { queryParameters: { parameter: [{ name, value: VALUES[name] }] } },
		},
		credentials: env.projectCredentials(),
	});

describe.each(REFUSED)('Query Parameter %s', (name) => {
	it.each(['newReview', 'reviewReplied'])(
		'%s: the activation poll and Fetch Test Event fail naming it; no request is sent',
		async (event) => {
			const before = env.sim.requests.length;
			const poller = withParameter(event, name);
			await expect(poller.poll()).rejects.toThrow(name);
			await expect(poller.poll('manual')).rejects.toThrow(name);
			expect(env.sim.requests.length).toBe(before);
		},
	);
});

describe('All Projects', () => {
	it('facet is refused before any request, not even the list of projects', async () => {
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				...ALL_PROJECTS,
				options: { queryParameters: { parameter: [{ name: 'facet', value: 'visible' }] } },
			},
			credentials: env.agencyCredentials(),
		});
		await expect(poller.poll()).rejects.toThrow('facet');
		expect(env.sim.requests).toEqual([]);
	});
});

describe('Review Replied with sort_key=id while replied moments tie', () => {
	it('never silently misses a review: every later poll fails naming sort_key, sending nothing', async () => {
		const poller = withParameter('reviewReplied', 'sort_key');
		await poller.poll().catch(() => null);
		const ids = addRecords(env, 'newReview', 3);
		// Replied in one second, the lowest id last: ordered by id it hides behind the others.
		env.sim.setNow(env.sim.now() + 10);
		for (const id of [ids[1], ids[2], ids[0]])
			await api(env, 'PUT', `/project/reviews/${id}/mark-replied`, { replied: true });
		const before = env.sim.requests.length;
		await expect(poller.poll()).rejects.toThrow('sort_key');
		expect(env.sim.requests.length).toBe(before);
		env.sim.setNow(undefined);
	});
});
