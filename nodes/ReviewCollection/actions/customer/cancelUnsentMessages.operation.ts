import { byRecord } from '../concurrency';
import { actionDescription, customerAction, customerIdParameter } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Cancel Unsent Messages',
	value: 'cancelUnsentMessages',
	action: 'Cancel unsent messages to a customer',
	description:
		'Cancel every review request not yet sent to a customer given its ID (a number); returns success and the ID',
};

export const lane = byRecord(customerIdParameter);

export const description = actionDescription('cancelUnsentMessages');

/** PUT /project/customers/{id}/cancel-unsent-messages: cancels the unsent messages of the customer. */
export const execute = customerAction(
	'PUT',
	(id) => `/project/customers/${id}/cancel-unsent-messages`,
);
