import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getRequiredString } from '../../helpers/params';
import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getReviewId, reviewIdProperty, showFor } from './shared';

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Source Slug',
		name: 'sourceSlug',
		type: 'string',
		required: true,
		default: '',
		description: 'Slug of an existing review source of the project',
	},
];

export const description = updateDisplayOptions(showFor('setSource'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const slug = getRequiredString(this, 'sourceSlug', itemIndex, 'Source Slug');
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		method: 'PUT',
		path: `/project/reviews/${id}/source`,
		body: { source_slug: slug },
		itemIndex,
	});
	return successItems(id);
}
