/**
 * Values a saved workflow holds that the editor no longer offers (issue 35, defect 5: a review has no
 * updated_at; message statuses are typed now) are still sent as before (contract: saved workflows keep
 * working). Whether the service accepts them is the service's answer.
 */
import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

describe('values saved before the editor offered only the spec’s', () => {
	it('review Date Field / Sort By updated_at: still sent as date_key / sort_key', async () => {
		await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			filters: { dateKey: 'updated_at', dateFrom: '2020-01-01' },
			options: { sortKey: 'updated_at', sortDirection: 'asc' },
		});

		const [request] = env.requests('GET', '/project/reviews');
		expect(request.query).toMatchObject({
			date_key: 'updated_at',
			date_from: '2020-01-01',
			sort_key: 'updated_at',
			sort_dir: 'asc',
		});
	});

	it('message Status chosen from the old list (delivered): still sent as status', async () => {
		const { error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
			filters: { status: 'delivered' },
		});

		expect(error).toBeUndefined();
		expect(env.requests('GET', '/project/messages')[0].query).toMatchObject({
			status: 'delivered',
		});
	});
});
