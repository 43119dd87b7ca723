import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getRequiredString } from '../../helpers/params';
import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getReviewId, reviewIdProperty, showFor } from './shared';

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Reply',
		name: 'reply',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description:
			'Reply text, published on the platform the review came from (replaces an earlier reply)',
	},
];

export const description = updateDisplayOptions(showFor('reply'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const reply = getRequiredString(this, 'reply', itemIndex, 'Reply');
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		method: 'PUT',
		path: `/project/reviews/${id}/reply`,
		body: { reply },
		itemIndex,
	});
	return successItems(id);
}
