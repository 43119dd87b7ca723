import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { actionDescription, putOnCustomer } from './shared';

/** PUT /project/customers/{id}/unsubscribe: sets unsubscribed_at. */
export const description = actionDescription('unsubscribe');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await putOnCustomer(this, itemIndex, 'unsubscribe');
}
