import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idLocator } from '../../descriptors/locators';
import { getId } from '../../helpers/params';
import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';

export const reviewIdProperty = idLocator({
	name: 'reviewId',
	displayName: 'Review',
	recordName: 'review',
	searchListMethod: 'searchReviews',
});

export { reviewFilterFields } from '../../descriptors/filters';

export function showFor(operation: string) {
	return { show: { resource: ['review'], operation: [operation] } };
}

/** The review actions that answer nothing: PUT /project/reviews/{id}/<action> with a small body. */
export async function putOnReview(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	body: IDataObject,
): Promise<INodeExecutionData[]> {
	const id = getId(ctx, 'reviewId', itemIndex, 'Review');
	await apiRequest(ctx, { method: 'PUT', path: `/project/reviews/${id}/${action}`, body, itemIndex });
	return successItems();
}
