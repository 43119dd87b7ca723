import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsOf } from '../../descriptors/list';
import { idLocator } from '../../descriptors/locators';
import { getId } from '../../helpers/params';

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

export function getReviewId(ctx: IExecuteFunctions, itemIndex: number): number {
	return getId(ctx, 'reviewId', itemIndex, 'Review');
}
