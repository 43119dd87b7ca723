import { recordIdParameter } from '../../descriptors/locators';
import { showForResource } from '../../descriptors/operation';

/** The review an operation acts on: its locator and its reader (and the lane of changes to it). */
export const reviewIdParameter = recordIdParameter({
	name: 'reviewId',
	displayName: 'Review',
	recordName: 'review',
	searchListMethod: 'searchReviews',
});
export const { property: reviewIdProperty, read: getReviewId } = reviewIdParameter;

export { reviewFilterFields } from '../../descriptors/filters';

export const showFor = showForResource('review');
