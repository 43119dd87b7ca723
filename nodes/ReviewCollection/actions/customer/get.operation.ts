import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { recordItems } from '../../helpers/output';
import { simplifyItems } from '../../helpers/summaries';
import { anyOrder } from '../concurrency';
import { customerIdProperty, getCustomerId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Get',
	value: 'get',
	action: 'Get a customer',
	description:
		'Get one customer given its ID (a number); returns the customer with contact details, location and tags',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('get'), [
	customerIdProperty,
	simplifyProperty('customer'),
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	const items = await recordItems(this, {
		execution,
		method: 'GET',
		path: `/project/customers/${id}`,
		itemIndex,
	});
	return simplifyItems(this, itemIndex, 'customer', items);
}
