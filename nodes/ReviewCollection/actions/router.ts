import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { operationsByResource } from './resources';

/** One operation file: its parameters and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

/** Runs the chosen operation once per input item; every output item is paired with its input. */
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

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const results = await operation.execute.call(this, itemIndex);
			for (const result of results) output.push({ ...result, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (this.continueOnFail()) {
				output.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
				continue;
			}
			throw withItemIndex(this, error, itemIndex);
		}
	}
	return [output];
}

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}
