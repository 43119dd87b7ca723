import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { getReviewId, reviewIdParameter, reviewIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a review',
	description: 'Delete a review given its ID (a number); returns deleted true and the ID',
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('delete'), [reviewIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'DELETE',
		path: `/project/reviews/${id}`,
		itemIndex,
	});
	return deletedItems(id);
}
