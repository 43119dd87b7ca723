import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { runItems } from './concurrency';
import { newActionExecution } from './execution';
import { operationsByResource } from './resources';

/**
 * Runs the chosen operation once per input item (several at once only where the operation exports a
 * `lane`), and returns the results in input order, every output item paired with its input item.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = operationsByResource[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resource}" is not known`,
		);
	}
	// What the items and their requests share, for this execution only (passed down, never stored).
	const outcomes = await runItems(this, operation, items.length, newActionExecution());

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const outcome = outcomes[itemIndex];
		if (!outcome) continue;
		if ('error' in outcome) {
			// Without "Continue On Fail" the lowest failing item ends the run, as one after another would.
			if (!this.continueOnFail()) throw withItemIndex(this, outcome.error, itemIndex);
			output.push({
				json: { error: (outcome.error as Error).message },
				pairedItem: { item: itemIndex },
			});
			continue;
		}
		for (const result of outcome.results)
			output.push(
				pairedTo(result, itemIndex) ? result : { ...result, pairedItem: { item: itemIndex } },
			);
	}
	return [output];
}

/** An item the operation already paired with its input item (a Get Many's records): kept, not copied. */
function pairedTo(result: INodeExecutionData, itemIndex: number): boolean {
	const paired = result.pairedItem;
	return (
		typeof paired === 'object' &&
		!Array.isArray(paired) &&
		paired.item === itemIndex &&
		paired.input === undefined
	);
}

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}
