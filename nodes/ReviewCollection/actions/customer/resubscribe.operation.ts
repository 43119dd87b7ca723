import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { actionDescription, putOnCustomer } from './shared';

/** PUT /project/customers/{id}/resubscribe: clears unsubscribed_at. */
export const description = actionDescription('resubscribe');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await putOnCustomer(this, itemIndex, 'resubscribe');
}
