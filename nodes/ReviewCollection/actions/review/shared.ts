import type { IExecuteFunctions } from 'n8n-workflow';

import { idLocator } from '../../descriptors/locators';
import { getId } from '../../helpers/params';
import { showForResource } from '../../descriptors/operation';

export const reviewIdProperty = idLocator({
	name: 'reviewId',
	displayName: 'Review',
	recordName: 'review',
	searchListMethod: 'searchReviews',
});

export { reviewFilterFields } from '../../descriptors/filters';

export const showFor = showForResource('review');

export function getReviewId(ctx: IExecuteFunctions, itemIndex: number): number {
	return getId(ctx, itemIndex, 'reviewId', 'Review');
}
