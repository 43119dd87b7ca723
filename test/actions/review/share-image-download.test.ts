import { runNode } from '../../harness';
import type { HostileAnswer, HostileServer } from '../../harness/hostile-server';
import { envelope, startHostileServer } from '../../harness/hostile-server';

/**
 * Issue 12.4: Create Share Image with Download fetches the link the API gave only over http(s), only
 * an image, only up to Max Image Size (the download stops there), stores the type the link answered,
 * and never sends the key to the link.
 */
const KEY = 'project-key-0123456789abcdef';
let link: string;
let file: HostileAnswer;
let service: HostileServer;

beforeAll(async () => {
	service = await startHostileServer((request) => {
		if (request.path === '/project/reviews/7/share-image')
			return { body: envelope({ id: 1, uuid: 'u1', link }) };
		if (request.path === '/files/card') return file;
		return { status: 404, body: { success: false, code: 404, message: 'Not found' } };
	});
});
afterAll(async () => await service.close());
beforeEach(() => {
	service.requests.length = 0;
	link = `${service.url}/files/card`;
});

const png = Buffer.concat([
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
	Buffer.alloc(2000, 1),
]);
const run = (options: Record<string, unknown> = {}) =>
	runNode({
		parameters: {
			resource: 'review',
			operation: 'createShareImage',
			reviewId: { __rl: true, mode: 'id', value: '7' },
			options: { download: true, ...options },
		},
		credentials: { reviewCollectionProjectApi: { baseUrl: service.url, apiKey: KEY } },
	});
const fileRequests = () => service.requests.filter((r) => r.path === '/files/card');

it('stores an image with the type the link answered, without sending the key there', async () => {
	file = { headers: { 'Content-Type': 'image/jpeg' }, body: png };
	const { error, items } = await run();
	expect(error).toBeUndefined();
	expect(items[0].binary?.data).toMatchObject({
		mimeType: 'image/jpeg',
		fileName: 'review-7-u1.jpg',
	});
	expect(fileRequests().map((r) => r.headers.authorization)).toEqual([undefined]);
});

it('refuses an answer that is not an image', async () => {
	file = { headers: { 'Content-Type': 'text/html' }, body: '<html>login</html>' };
	const { error, items } = await run();
	expect(error?.message).toMatch(/text\/html, not an image/);
	expect(items).toEqual([]);
});

it('stops at Max Image Size and stores nothing', async () => {
	file = { headers: { 'Content-Type': 'image/png' }, body: Buffer.alloc(3 * 1024 * 1024, 7) };
	const { error, items } = await run({ maxImageSizeMb: 1 });
	expect(error?.message).toMatch(/larger than Max Image Size \(1048576 bytes\)/);
	expect(items).toEqual([]);
});

it.each(['file:///etc/passwd', 'ftp://127.0.0.1/card.png', 'not a url'])(
	'refuses the link %p without fetching it',
	async (value) => {
		link = value;
		file = { headers: { 'Content-Type': 'image/png' }, body: png };
		const { error, items } = await run();
		expect(error?.message).toMatch(/not downloaded/);
		expect(items).toEqual([]);
		expect(fileRequests()).toEqual([]);
	},
);
