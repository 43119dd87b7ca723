import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { actionDescription, putOnCustomer } from './shared';

/** PUT /project/customers/{id}/archive: sets archived_at. */
export const description = actionDescription('archive');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await putOnCustomer(this, itemIndex, 'archive');
}
