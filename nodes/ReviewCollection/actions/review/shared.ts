import type { IExecuteFunctions } from 'n8n-workflow';

import { idLocator } from '../../descriptors/locators';
import { getId } from '../../helpers/params';

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

export function getReviewId(ctx: IExecuteFunctions, itemIndex: number): number {
	return getId(ctx, 'reviewId', itemIndex, 'Review');
}
