/**
 * Lanes fail closed (README, "Request Options → Concurrency"): a lane that cannot be computed is that
 * item's error, never "no lane" (which would let the item race the others of its record). Driven
 * through the engine with Review → Set Tags whose lane is made to throw for one item: the item fails
 * without sending anything; with Continue On Fail only that item fails, paired with its input.
 */
import type { Operation } from '../../../nodes/ReviewCollection/actions/types';
import { operationsByResource } from '../../../nodes/ReviewCollection/actions/resources';
import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();
const setTags = operationsByResource.review.setTags;

beforeEach(() => {
	const lane: Operation['lane'] = (ctx, itemIndex, execution) => {
		if (itemIndex === 1) throw new Error('The lane of item 1 cannot be computed');
		return setTags.lane!(ctx, itemIndex, execution);
	};
	operationsByResource.review.setTags = { ...setTags, lane };
});
afterEach(() => {
	operationsByResource.review.setTags = setTags;
});

const parameters = {
	resource: 'review',
	operation: 'setTags',
	reviewId: '={{ { __rl: true, mode: "id", value: String($json.id) } }}',
	tagSlugs: 'vip',
	requestOptions: { concurrency: 4 },
};

describe('a lane that throws', () => {
	it('fails its item, and nothing is sent for it', async () => {
		const reviews = env.sim.defaultProject().reviews.items.slice(0, 3);

		const { error } = await env.run(parameters, { input: reviews.map((r) => ({ id: r.id })) });

		expect(error?.message).toBe('The lane of item 1 cannot be computed');
		expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
		const tagged = env.requests('PUT').map((request) => request.path);
		expect(tagged).not.toContain(`/project/reviews/${reviews[1].id}/tags`);
	});

	it('with Continue On Fail fails only its item, paired with it', async () => {
		const reviews = env.sim.defaultProject().reviews.items.slice(0, 3);

		const { items, error } = await env.run(parameters, {
			input: reviews.map((r) => ({ id: r.id })),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.pairedItem, item.json])).toEqual([
			[{ item: 0 }, expect.objectContaining({ success: true, id: reviews[0].id })],
			[{ item: 1 }, { error: 'The lane of item 1 cannot be computed' }],
			[{ item: 2 }, expect.objectContaining({ success: true, id: reviews[2].id })],
		]);
		expect(
			env
				.requests('PUT')
				.map((request) => request.path)
				.sort(),
		).toEqual([reviews[0], reviews[2]].map((r) => `/project/reviews/${r.id}/tags`).sort());
	});
});
