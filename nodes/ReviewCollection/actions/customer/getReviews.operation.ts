import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { simplifyItems } from '../../helpers/simplify';
import { getCustomerId, getSubList, showFor, subListDescription } from './shared';

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
	return simplifyItems(
		this,
		itemIndex,
		'review',
		await getSubList(this, itemIndex, `/project/customers/${id}/reviews`),
	);
}
