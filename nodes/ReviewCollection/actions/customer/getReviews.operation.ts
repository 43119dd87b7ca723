import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { anyOrder } from '../concurrency';
import { customerSubList, showFor, subListDescription } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Get Reviews',
	value: 'getReviews',
	action: 'Get reviews of a customer',
	description:
		'Get the reviews a customer has left given the customer ID (a number); returns one item per review',
};

export const lane = anyOrder;

export const description = [
	...subListDescription('getReviews'),
	...updateDisplayOptions(showFor('getReviews'), [simplifyProperty('review')]),
];

/** GET /project/customers/{id}/reviews, one item per record. */
export const execute = customerSubList((id) => `/project/customers/${id}/reviews`, 'review');
