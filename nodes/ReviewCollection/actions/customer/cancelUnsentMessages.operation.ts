import { byRecord } from '../concurrency';
import { actionDescription, customerAction } from './shared';

export const lane = byRecord('customerId');

export const description = actionDescription('cancelUnsentMessages');

/** PUT /project/customers/{id}/cancel-unsent-messages: cancels the unsent messages of the customer. */
export const execute = customerAction(
	'PUT',
	(id) => `/project/customers/${id}/cancel-unsent-messages`,
);
