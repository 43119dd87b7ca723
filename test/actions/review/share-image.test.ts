import { readBinary } from '../../harness';
import { PNG } from '../../simulator';
import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

describe('review → createShareImage through the engine', () => {
	it('renders with the built-in defaults from an empty body', async () => {
		const { items, error } = await env.run({
			resource: 'review',
			operation: 'createShareImage',
			reviewId: byId(2),
		});

		expect(error).toBeUndefined();
		const [request] = env.requests('POST');
		expect(request.path).toBe('/project/reviews/2/share-image');
		expect(request.body ?? {}).toEqual({});
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			id: expect.any(Number),
			uuid: expect.any(String),
			link: expect.stringMatching(/\.png$/),
		});
		expect(items[0].binary).toBeUndefined();
	});

	it('sends ratio and template, and downloads the PNG into binary without the API key', async () => {
		const { items, error } = await env.run({
			resource: 'review',
			operation: 'createShareImage',
			reviewId: byId(1),
			options: {
				ratio: '9:16',
				shareTemplateId: byId(2),
				download: true,
				binaryPropertyName: 'card',
			},
		});

		expect(error).toBeUndefined();
		expect(env.requests('POST')[0].body).toEqual({ ratio: '9:16', template_id: 2 });
		const [download] = env.requests('GET', '/images/');
		expect(download.path).toBe(new URL(items[0].json.link as string).pathname);
		expect(bearerOf(download)).toBeUndefined();
		const png = await readBinary(items[0], 'card');
		expect(png.subarray(0, 8)).toEqual(
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		);
		expect(png.equals(PNG)).toBe(true);
		expect(items[0].binary?.card.mimeType).toBe('image/png');
		expect(items[0].binary?.card.fileName).toMatch(/^review-1-.*\.png$/);
	});

	it('rejects a malformed ratio before sending', async () => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'createShareImage',
			reviewId: byId(1),
			options: { ratio: 'square' },
		});

		expect(error?.message).toMatch(/Invalid Ratio in item 0/);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('surfaces a 404 for a share template of another project', async () => {
		const { error } = await env.run({
			resource: 'review',
			operation: 'createShareImage',
			reviewId: byId(1),
			options: { shareTemplateId: byId(999) },
		});

		expect(error?.message).toMatch(/^The service answered 404: /);
	});
});
