import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { optionsOf } from '../../descriptors/list';
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

/** Review filters of Get Many, also offered by the trigger's New Review event. */
export const reviewFilterFields: INodeProperties[] = [
	{
		displayName: 'Location',
		name: 'location',
		type: 'string',
		default: '',
		description: 'ID, slug or UUID of a location',
	},
	{
		displayName: 'Score',
		name: 'score',
		type: 'options',
		options: optionsOf(['1', '2', '3', '4', '5']),
		default: '5',
	},
	{
		displayName: 'Source',
		name: 'source',
		type: 'string',
		default: '',
		description: 'ID, slug or UUID of a review source',
	},
	{ displayName: 'Tag', name: 'tag', type: 'string', default: '', description: 'Tag slug' },
];

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
