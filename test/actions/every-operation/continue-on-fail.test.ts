import type { INodeExecutionData } from 'n8n-workflow';

import { useSimulator } from '../../harness/simulator-env';
import { CATALOGUE, nameOf, parametersOf } from '../../harness/operation-catalogue';

/**
 * continueOnFail on every operation: three input items, the middle one fails (at the server, then by
 * its own bad input); the output has the results of items 0 and 2 and one `{ error }` item for item 1,
 * every item paired with its input.
 */
const env = useSimulator();

const pairedOf = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;

function expectOneErrorInTheMiddle(items: INodeExecutionData[], message: RegExp) {
	expect(items.map(pairedOf)).toEqual([...items.map(pairedOf)].sort((a, b) => a - b));
	const byItem = [0, 1, 2].map((index) => items.filter((item) => pairedOf(item) === index));
	expect(byItem[1]).toHaveLength(1);
	expect(Object.keys(byItem[1][0].json)).toEqual(['error']);
	expect(byItem[1][0].json.error).toMatch(message);
	for (const results of [byItem[0], byItem[2]]) {
		expect(results.length).toBeGreaterThan(0);
		expect(results.every((item) => item.json.error === undefined)).toBe(true);
	}
	expect(items.filter((item) => item.json.error !== undefined)).toHaveLength(1);
}

describe.each(CATALOGUE.map((c) => [nameOf(c), c] as const))(
	'%s with continueOnFail',
	(_name, c) => {
		it('the server fails the middle item: two results, one error item, right pairing', async () => {
			const input = c.items(env.sim);
			env.sim.injectFault({
				fault: {
					kind: 'status',
					status: 404,
					body: { success: false, code: 404, message: 'Gone for this item.' },
				},
				method: c.method,
				path: c.path,
				skip: 1,
			});

			const { items, error } = await env.run(parametersOf(c), { input, continueOnFail: true });

			expect(error).toBeUndefined();
			expectOneErrorInTheMiddle(items, /^The service answered 404: Gone for this item\.$/);
			expect(
				env
					.requests(c.method)
					.filter((r) => c.path.test(r.path))
					.map((r) => r.status),
			).toEqual([200, 404, 200]);
		});

		if (c.bad) {
			const bad = c.bad;
			it(`bad input in the middle item (${bad.field || 'ID'}) fails that item alone and sends nothing for it`, async () => {
				const input = c.items(env.sim);
				input[1] = bad.item;

				const { items, error } = await env.run(parametersOf(c), { input, continueOnFail: true });

				expect(error).toBeUndefined();
				expectOneErrorInTheMiddle(
					items,
					new RegExp(`^Invalid ${bad.field || '\\w+'}.* in item 1: `),
				);
				expect(env.requests(c.method).filter((r) => c.path.test(r.path))).toHaveLength(2);
			});
		}

		it('without continueOnFail the failure stops the node at the middle item', async () => {
			const input = c.items(env.sim);
			env.sim.injectFault({
				fault: { kind: 'status', status: 404 },
				method: c.method,
				path: c.path,
				skip: 1,
			});

			const { error } = await env.run(parametersOf(c), { input });

			expect(error?.message).toMatch(/^The service answered 404/);
			expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
			expect(env.requests(c.method).filter((r) => c.path.test(r.path))).toHaveLength(2);
		});
	},
);
