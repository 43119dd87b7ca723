import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { getMany } from '../../helpers/getMany';
import { getCustomerId, subListDescription } from './shared';
import { anyOrder } from '../concurrency';

/** Reads: items may run at once under Request Options → Concurrency, in any order. */
export const lane = anyOrder;

/** GET /project/customers/{id}/charges, one item per record. */
export const description = subListDescription('getCharges');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	return await getMany(this, itemIndex, {
		path: `/project/customers/${id}/charges`,
		paginated: true,
	});
}
