import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { actionDescription, putOnCustomer } from './shared';

/** PUT /project/customers/{id}/cancel-unsent-messages: cancels the unsent messages of the customer. */
export const description = actionDescription('cancelUnsentMessages');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await putOnCustomer(this, itemIndex, 'cancel-unsent-messages');
}
