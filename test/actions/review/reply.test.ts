/**
 * Review → Reply, the action an AI agent is most likely to call with a bad argument: an empty or
 * overlong reply is refused before any request (naming the field and the item), and the output says
 * which review was answered and with what text.
 */
import { NodeOperationError } from 'n8n-workflow';

import { byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const review = (id: number) => env.sim.toJson('review', id) as Record<string, any>;
const reply = (text: unknown, extra: Record<string, unknown> = {}) =>
	env.run({
		resource: 'review',
		operation: 'reply',
		reviewId: byId(1),
		reply: text as string,
		...extra,
	});

describe('review → reply through the engine', () => {
	it('publishes the reply and outputs the review id (a number) and the text sent', async () => {
		const { items, error } = await reply('  Thank you, Alice! See you soon.\n');

		expect(error).toBeUndefined();
		const [request] = env.requests('PUT');
		expect(request.path).toBe('/project/reviews/1/reply');
		expect(request.body).toEqual({ reply: 'Thank you, Alice! See you soon.' });
		expect(review(1).reply).toBe('Thank you, Alice! See you soon.');
		expect(items.map((item) => item.json)).toEqual([
			{ success: true, id: 1, reply: 'Thank you, Alice! See you soon.' },
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it.each([
		// Typed empty, the engine itself stops the workflow ("Parameter Reply is required"); an
		// expression (or an agent's $fromAI) can still produce it.
		['empty', '={{ "" }}'],
		['whitespace-only', ' \n\t  '],
	])('refuses an %s reply before any request, naming the field and the item', async (_, text) => {
		const { error } = await reply(text);

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/Invalid Reply in item 0: is required and must not be empty/);
		expect(env.sim.requests).toHaveLength(0);
		expect(review(1).reply).toBe('');
	});

	it('accepts 4,096 characters and refuses 4,097 by default, sending nothing', async () => {
		const atMax = 'a'.repeat(4096);
		const tooLong = 'b'.repeat(4097);

		const refused = await reply(tooLong);
		expect(refused.error?.message).toMatch(
			/Invalid Reply in item 0: must be at most 4096 characters, it has 4097/,
		);
		expect(env.sim.requests).toHaveLength(0);

		const accepted = await reply(atMax);
		expect(accepted.error).toBeUndefined();
		expect(review(1).reply).toBe(atMax);
	});

	it('counts characters, not bytes or UTF-16 units (emoji and accents)', async () => {
		const text = '😀é'.repeat(2048); // 4,096 characters, 12,288 UTF-8 bytes
		const { error } = await reply(text);

		expect(error).toBeUndefined();
		expect(review(1).reply).toBe(text);
	});

	it('Max Reply Length overrides the maximum both ways', async () => {
		const lower = await reply('Thank you so much!!!!', { options: { maxReplyLength: 20 } });
		expect(lower.error?.message).toMatch(
			/Invalid Reply in item 0: must be at most 20 characters, it has 21/,
		);
		expect(env.sim.requests).toHaveLength(0);

		const higher = await reply('c'.repeat(6000), { options: { maxReplyLength: 10000 } });
		expect(higher.error).toBeUndefined();
		expect(review(1).reply).toHaveLength(6000);
	});

	it('a bad Max Reply Length is refused before any request', async () => {
		const { error } = await reply('Thanks', { options: { maxReplyLength: 0 } });

		expect(error?.message).toMatch(/Invalid Max Reply Length in item 0/);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('names the failing item among several (from an expression) and sends nothing for it', async () => {
		const { items, error } = await env.run(
			{
				resource: 'review',
				operation: 'reply',
				reviewId: byId('={{ $json.id }}'),
				reply: '={{ $json.text }}',
			},
			{
				input: [
					{ id: 1, text: 'Thanks, Alice!' },
					{ id: 2, text: '   ' },
				],
				continueOnFail: true,
			},
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ success: true, id: 1, reply: 'Thanks, Alice!' },
			{ error: expect.stringMatching(/Invalid Reply in item 1/) },
		]);
		expect(env.requests('PUT').map((r) => r.path)).toEqual(['/project/reviews/1/reply']);
		expect(review(2).reply).toBe('');
	});
});
