import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { getSubList, subListDescription } from './shared';

/** GET /project/customers/{id}/messages, one item per record. */
export const description = subListDescription('getMessages');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await getSubList(this, itemIndex, 'messages');
}
