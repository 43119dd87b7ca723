import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { chargeIdProperty, getChargeId, showFor } from './shared';

export const lane = byRecord('chargeId');

export const description = updateDisplayOptions(showFor('delete'), [
	{ ...chargeIdProperty, description: 'The charge to remove permanently' },
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getChargeId(this, itemIndex);
	await apiRequest(this, { method: 'DELETE', path: `/project/charges/${id}`, itemIndex });
	return deletedItems(id);
}
