/**
 * Contract §9 "Downloads": Request Options → Timeout bounds the whole share-image download, not only
 * the wait for its headers. A hostile link sends its headers at once and then one byte every 250 ms
 * (it stops after 40 bytes, 10 s, so a run that does not bound the download still ends). Through
 * WorkflowExecute: Create Share Image with Download.
 */
import { runNode } from '../harness';
import type { HostileAnswer, HostileServer } from '../harness/hostile-server';
import { envelope, startHostileServer } from '../harness/hostile-server';

const TIMEOUT = 1_000;
let file: HostileAnswer;
let service: HostileServer;

beforeAll(async () => {
	service = await startHostileServer((request) => {
		if (request.path === '/project/reviews/7/share-image')
			return { body: envelope({ id: 1, uuid: 'u1', link: `${service.url}/files/card` }) };
		if (request.path === '/files/card') return file;
		return { status: 404, body: { success: false, code: 404, message: 'Not found' } };
	});
});
afterAll(async () => await service.close());
beforeEach(() => (service.requests.length = 0));

const run = (timeout: number) =>
	runNode({
		parameters: {
			resource: 'review',
			operation: 'createShareImage',
			reviewId: { __rl: true, mode: 'id', value: '7' },
			options: { download: true },
			requestOptions: { timeout, maxRetries: 3 },
		},
		credentials: {
			reviewCollectionProjectApi: { baseUrl: service.url, apiKey: 'project-key-0123456789' },
		},
	});
const fileRequests = () => service.requests.filter((r) => r.path === '/files/card');

it('a link that trickles one byte every 250 ms fails at Timeout (1 s), not when the link is done', async () => {
	file = { headers: { 'Content-Type': 'image/png' }, trickle: { everyMs: 250, bytes: 40 } };
	const started = Date.now();

	const { error, items } = await run(TIMEOUT);

	const elapsed = Date.now() - started;
	expect(items).toEqual([]);
	expect(error?.message).toBe(
		`The share image was not downloaded: it did not arrive in full within Timeout (${TIMEOUT} ms)`,
	);
	// The node ended the download; it did not wait for the link to finish (40 bytes, 10 s).
	expect(elapsed).toBeLessThan(10_000);
	// The whole download had the Timeout: no retry started after it.
	expect(fileRequests()).toHaveLength(1);
});

it('a slow link that finishes within Timeout is stored', async () => {
	file = { headers: { 'Content-Type': 'image/png' }, trickle: { everyMs: 20, bytes: 10 } };

	const { error, items } = await run(10_000);

	expect(error).toBeUndefined();
	expect(items[0].binary?.data).toMatchObject({ mimeType: 'image/png' });
});
