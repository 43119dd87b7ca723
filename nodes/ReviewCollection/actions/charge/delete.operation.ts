import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { chargeIdParameter, chargeIdProperty, getChargeId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a charge',
	description: 'Delete a charge given its ID (a number); returns deleted true and the ID',
};

export const lane = byRecord(chargeIdParameter);

export const description = updateDisplayOptions(showFor('delete'), [
	{ ...chargeIdProperty, description: 'The charge to remove permanently' },
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getChargeId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'DELETE',
		path: `/project/charges/${id}`,
		itemIndex,
	});
	return deletedItems(id);
}
