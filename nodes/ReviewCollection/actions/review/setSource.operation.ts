import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getRequiredString } from '../../helpers/params';
import { putOnReview, reviewIdProperty, showFor } from './shared';

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Source Slug',
		name: 'sourceSlug',
		type: 'string',
		required: true,
		default: '',
		description: 'Slug of an existing review source of the project (lowercase, e.g. google)',
	},
];

export const description = updateDisplayOptions(showFor('setSource'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const slug = getRequiredString(this, 'sourceSlug', itemIndex, 'Source Slug');
	return await putOnReview(this, itemIndex, 'source', { source_slug: slug });
}
