import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { getSubList, subListDescription } from './shared';

/** GET /project/customers/{id}/charges, one item per record. */
export const description = subListDescription('getCharges');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await getSubList(this, itemIndex, 'charges');
}
