import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { getId } from '../../helpers/params';
import { apiRequest } from '../../transport';
import { chargeIdProperty, showFor } from './shared';

export const description = updateDisplayOptions(showFor('delete'), [
	{ ...chargeIdProperty, description: 'The charge to remove permanently' },
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getId(this, 'chargeId', itemIndex, 'Charge');
	await apiRequest(this, { method: 'DELETE', path: `/project/charges/${id}`, itemIndex });
	return deletedItems(id);
}
