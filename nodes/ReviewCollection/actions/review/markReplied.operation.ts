import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { getReviewId, reviewIdParameter, reviewIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Replied',
		name: 'replied',
		type: 'boolean',
		required: true,
		default: true,
		description:
			'Whether the review counts as replied (sets or clears the replied date; the reply text is kept)',
	},
];

export const option: OperationOption = {
	name: 'Mark Replied',
	value: 'markReplied',
	action: 'Mark a review as replied',
	description:
		'Mark a review as replied or not replied given its ID (a number), keeping the reply text; returns success and the ID',
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('markReplied'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const value = this.getNodeParameter('replied', itemIndex) as boolean;
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/reviews/${id}/mark-replied`,
		body: { replied: value },
		itemIndex,
	});
	return successItems(id);
}
