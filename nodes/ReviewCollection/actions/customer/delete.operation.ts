import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { customerIdParameter, customerIdProperty, getCustomerId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a customer',
	description: 'Delete a customer given its ID (a number); returns deleted true and the ID',
};

export const lane = byRecord(customerIdParameter);

export const description = updateDisplayOptions(showFor('delete'), [customerIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'DELETE',
		path: `/project/customers/${id}`,
		itemIndex,
	});
	return deletedItems(id);
}
