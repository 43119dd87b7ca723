import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { getCustomerId, getSubList, subListDescription } from './shared';
import { anyOrder } from '../concurrency';

/** GET /project/customers/{id}/charges, one item per record. */
/** Reads: items may run at once under Request Options → Concurrency, in any order. */
export const lane = anyOrder;

export const description = subListDescription('getCharges');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	return await getSubList(this, itemIndex, `/project/customers/${id}/charges`);
}
