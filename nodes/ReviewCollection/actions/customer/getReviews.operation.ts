import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { getMany } from '../../helpers/getMany';
import { getCustomerId, showFor, subListDescription } from './shared';
import { anyOrder } from '../concurrency';

/** Reads: items may run at once under Request Options → Concurrency, in any order. */
export const lane = anyOrder;

/** GET /project/customers/{id}/reviews, one item per record. */
export const description = [
	...subListDescription('getReviews'),
	...updateDisplayOptions(showFor('getReviews'), [simplifyProperty('review')]),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	return await getMany(this, itemIndex, {
		path: `/project/customers/${id}/reviews`,
		paginated: true,
		simplify: 'review',
	});
}
