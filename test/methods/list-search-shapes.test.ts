import type { INodeListSearchResult } from 'n8n-workflow';

import { runListSearch } from '../harness';
import type { HostileServer } from '../harness/hostile-server';
import { envelope, startHostileServer } from '../harness/hostile-server';

/** Issue 12.6 for the "From list" pickers: odd records give a clear error or a sane label, never a raw JavaScript error. */
let data: unknown;
let service: HostileServer;
beforeAll(async () => {
	service = await startHostileServer(() => ({
		body: envelope(data, {
			pagination: { current_page: 1, last_page: 1, per_page: 100, total: 2 },
		}),
	}));
});
afterAll(async () => await service.close());

async function listSearch(method: string): Promise<INodeListSearchResult> {
	return await runListSearch({
		method,
		parameters: { resource: 'review', operation: 'reply' },
		credentials: {
			reviewCollectionProjectApi: { baseUrl: service.url, apiKey: 'project-key-0123456789' },
		},
	});
}

it('scores out of range (-1, 1e10) give a label without stars, not a crash', async () => {
	data = [
		{ id: 1, score: -1, review: 'a' },
		{ id: 2, score: 1e10, review: 'b' },
	];
	const { results } = await listSearch('searchReviews');
	expect(results.map((r) => r.name)).toEqual(['#1 ? anonymous: a', '#2 ? anonymous: b']);
});

it.each<[string, unknown]>([
	['a null record', [null]],
	['a record without an id', [{ score: 5 }]],
	['data an object', { id: 1 }],
])('%s is an "unexpected shape" error naming the request', async (_what, value) => {
	data = value;
	await expect(listSearch('searchReviews')).rejects.toThrow(
		/GET \/project\/reviews \(HTTP 200\) has an unexpected shape/,
	);
	await expect(listSearch('searchSourceSlugs')).rejects.toThrow(
		/GET \/project\/sources \(HTTP 200\) has an unexpected shape/,
	);
});
