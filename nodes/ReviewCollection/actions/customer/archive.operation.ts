import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { actionDescription, getCustomerId } from './shared';
import { byRecord } from '../concurrency';

/** Items changing the same customer run in input order; different customers may run at once. */
export const lane = byRecord('customerId');

/** PUT /project/customers/{id}/archive: sets archived_at. */
export const description = actionDescription('archive');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	await apiRequest(this, { method: 'PUT', path: `/project/customers/${id}/archive`, itemIndex });
	return successItems(id);
}
