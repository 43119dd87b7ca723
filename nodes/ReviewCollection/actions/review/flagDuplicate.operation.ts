import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { putOnReview, reviewIdProperty, showFor } from './shared';

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Is Duplicate',
		name: 'isDuplicate',
		type: 'boolean',
		required: true,
		default: true,
		description: 'Whether the review is marked as a duplicate',
	},
];

export const description = updateDisplayOptions(showFor('flagDuplicate'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const value = this.getNodeParameter('isDuplicate', itemIndex) as boolean;
	return await putOnReview(this, itemIndex, 'flag-duplicate', { is_duplicate: value });
}
