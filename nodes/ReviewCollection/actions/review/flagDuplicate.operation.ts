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
		displayName: 'Is Duplicate',
		name: 'isDuplicate',
		type: 'boolean',
		required: true,
		default: true,
		description: 'Whether the review is marked as a duplicate',
	},
];

export const option: OperationOption = {
	name: 'Flag Duplicate',
	value: 'flagDuplicate',
	action: 'Flag a review as duplicate',
	description:
		'Flag or unflag a review as a duplicate given its ID (a number); returns success and the ID',
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('flagDuplicate'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const value = this.getNodeParameter('isDuplicate', itemIndex) as boolean;
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/reviews/${id}/flag-duplicate`,
		body: { is_duplicate: value },
		itemIndex,
	});
	return successItems(id);
}
