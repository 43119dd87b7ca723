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
		displayName: 'Is Hidden',
		name: 'isHidden',
		type: 'boolean',
		required: true,
		default: true,
		description: 'Whether the review is hidden from public displays',
	},
];

export const option: OperationOption = {
	name: 'Flag Hidden',
	value: 'flagHidden',
	action: 'Flag a review as hidden',
	description:
		'Hide a review from public displays or show it again given its ID (a number); returns success and the ID',
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('flagHidden'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const value = this.getNodeParameter('isHidden', itemIndex) as boolean;
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/reviews/${id}/flag-hidden`,
		body: { is_hidden: value },
		itemIndex,
	});
	return successItems(id);
}
