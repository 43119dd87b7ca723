import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { putOnReview, reviewIdProperty, showFor } from './shared';

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Is Hidden',
		name: 'isHidden',
		type: 'boolean',
		required: true,
		default: true,
		description: 'Whether the review is hidden from public displays',
	},
];

export const description = updateDisplayOptions(showFor('flagHidden'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const value = this.getNodeParameter('isHidden', itemIndex) as boolean;
	return await putOnReview(this, itemIndex, 'flag-hidden', { is_hidden: value });
}
