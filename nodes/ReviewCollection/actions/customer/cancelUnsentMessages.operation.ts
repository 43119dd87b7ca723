import { byRecord } from '../concurrency';
import { actionDescription, customerAction } from './shared';

/** Items changing the same customer run in input order; different customers may run at once. */
export const lane = byRecord('customerId');

export const description = actionDescription('cancelUnsentMessages');

/** PUT /project/customers/{id}/cancel-unsent-messages: cancels the unsent messages of the customer. */
export const execute = customerAction(
	'PUT',
	(id) => `/project/customers/${id}/cancel-unsent-messages`,
);
