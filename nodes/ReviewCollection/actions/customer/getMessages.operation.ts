import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { simplifyItems } from '../../helpers/simplify';
import { getCustomerId, getSubList, showFor, subListDescription } from './shared';
import { anyOrder } from '../concurrency';

/** GET /project/customers/{id}/messages, one item per record. */
/** Reads: items may run at once under Request Options → Concurrency, in any order. */
export const lane = anyOrder;

export const description = [
	...subListDescription('getMessages'),
	...updateDisplayOptions(showFor('getMessages'), [simplifyProperty('message')]),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	return simplifyItems(
		this,
		itemIndex,
		'message',
		await getSubList(this, itemIndex, `/project/customers/${id}/messages`),
	);
}
