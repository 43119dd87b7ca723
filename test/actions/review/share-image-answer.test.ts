/**
 * Issue 23.3, through the engine against the simulator: a Create Share Image answer whose `data` is not
 * an Image (id, uuid, link) is an error naming the request, never output as if it were the image.
 */
import { NodeApiError } from 'n8n-workflow';

import { byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const shareImage = { resource: 'review', operation: 'createShareImage', reviewId: byId(2) };

function answerWith(data: unknown) {
	env.sim.injectFault({
		method: 'POST',
		path: '/project/reviews/2/share-image',
		fault: { kind: 'status', status: 200, body: { success: true, code: 200, data } },
	});
}

describe('review → createShareImage: an answer that is not an image', () => {
	it.each([
		['a bare string', 'https://cdn.example.com/share/7.png', /"data" is a string/],
		['a list', [{ id: 7, uuid: 'u', link: 'https://cdn.example.com/7.png' }], /"data" is a list/],
		['an object without a link', { id: 7, uuid: 'u' }, /no text "link"/],
		['null', null, /"data" is null/],
	])('%s is an error naming the request, not output', async (_what, data, problem) => {
		answerWith(data);

		const { items, error } = await env.run(shareImage);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/POST \/project\/reviews\/2\/share-image \(HTTP 200\)/);
		expect(error?.message).toMatch(problem);
		expect((error as NodeApiError).context.itemIndex).toBe(0);
		expect(items).toEqual([]);
	});

	it('with Continue On Fail the item becomes { error } and the next item goes on', async () => {
		answerWith('not an image');

		const { items, error } = await env.run(
			{ ...shareImage, reviewId: byId('={{ $json.review }}') },
			{ input: [{ review: 2 }, { review: 1 }], continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0]).toEqual({
			json: { error: expect.stringMatching(/share-image.*"data" is a string/) },
			pairedItem: { item: 0 },
		});
		expect(items[1].json).toEqual({
			id: expect.any(Number),
			uuid: expect.any(String),
			link: expect.stringMatching(/\.png$/),
		});
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});
});
