import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { anyOrder } from '../concurrency';
import { customerSubList, showFor, subListDescription } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Get Messages',
	value: 'getMessages',
	action: 'Get messages to a customer',
	description:
		'Get the review-request emails and texts sent to a customer given its ID (a number); returns one item per message',
};

export const lane = anyOrder;

export const description = [
	...subListDescription('getMessages'),
	...updateDisplayOptions(showFor('getMessages'), [simplifyProperty('message')]),
];

/** GET /project/customers/{id}/messages, one item per record. */
export const execute = customerSubList((id) => `/project/customers/${id}/messages`, 'message');
