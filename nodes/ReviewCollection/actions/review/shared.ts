import { recordIdParameter } from '../../helpers/params';
import { showForResource } from '../../descriptors/operation';

export const { property: reviewIdProperty, read: getReviewId } = recordIdParameter({
	name: 'reviewId',
	displayName: 'Review',
	recordName: 'review',
	searchListMethod: 'searchReviews',
});

export { reviewFilterFields } from '../../descriptors/filters';

export const showFor = showForResource('review');
