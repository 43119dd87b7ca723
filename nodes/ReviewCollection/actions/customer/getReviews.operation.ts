import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { anyOrder } from '../concurrency';
import { customerSubList, showFor, subListDescription } from './shared';

export const lane = anyOrder;

export const description = [
	...subListDescription('getReviews'),
	...updateDisplayOptions(showFor('getReviews'), [simplifyProperty('review')]),
];

/** GET /project/customers/{id}/reviews, one item per record. */
export const execute = customerSubList((id) => `/project/customers/${id}/reviews`, 'review');
