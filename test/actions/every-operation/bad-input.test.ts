import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { byId, useSimulator } from '../../harness/simulator-env';
import { nameOf } from '../../harness/operation-catalogue';
import { ID_CASES, idParameterOf, ROWS } from './bad-input-rows';

/**
 * Bad input sends nothing: every limit the spec states, fed through expressions (`$json.v`) so it
 * reaches the node's own checks. Each value fails with a NodeOperationError naming the field and the
 * item, for item 0 and, with continueOnFail, for items 0..2 — and the simulator's log stays empty.
 */
const env = useSimulator();

const CASES = ROWS.flatMap((r) =>
	r.values.map((value) => [r.operation, r.field, JSON.stringify(value), r, value] as const),
);

describe.each(CASES)('%s: %s = %s', (operation, field, _shown, r, value) => {
	const [resource, op] = operation.split('.');
	const parameters = { resource, operation: op, ...r.parameters };
	const fieldPattern = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

	const itemWith = (): IDataObject =>
		(r.base ? { ...r.base.items(env.sim)[0], id: value } : { v: value }) as IDataObject;

	it('fails item 0 with a NodeOperationError naming the field and the item; nothing is sent', async () => {
		const { error } = await env.run(parameters, { input: [itemWith(), itemWith()] });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(new RegExp(`^Invalid ${fieldPattern} in item 0: `));
		expect(error?.message).toMatch(r.problem);
		expect((error as NodeOperationError).context.itemIndex).toBe(0);
		expect(env.sim.requests).toEqual([]);
	});

	it('with continueOnFail names each item (0, 1, 2); still nothing is sent', async () => {
		const { items, error } = await env.run(parameters, {
			input: [itemWith(), itemWith(), itemWith()],
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		items.forEach((item, index) =>
			expect(item.json.error).toMatch(new RegExp(`^Invalid ${fieldPattern} in item ${index}: `)),
		);
		expect(env.sim.requests).toEqual([]);
	});
});

describe('the editor stops literal bad IDs before the node runs', () => {
	it.each(ID_CASES.map((c) => [nameOf(c), c] as const))('%s', async (_name, c) => {
		const parameters = {
			resource: c.resource,
			operation: c.operation,
			...c.parameters,
			[idParameterOf(c)]: byId('12abc'),
		};

		await expect(env.run(parameters, { input: [c.items(env.sim)[0]] })).rejects.toThrow(
			/The ID must be a positive whole number/,
		);
		expect(env.sim.requests).toEqual([]);
	});
});
