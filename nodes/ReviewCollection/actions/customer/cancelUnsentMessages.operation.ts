import { actionDescription, customerAction } from './shared';
import { byRecord } from '../concurrency';

/** Items changing the same customer run in input order; different customers may run at once. */
export const lane = byRecord('customerId');

export const description = actionDescription('cancelUnsentMessages');

/** PUT /project/customers/{id}/cancel-unsent-messages: cancels the unsent messages of the customer. */
export const execute = customerAction(
	'PUT',
	(id) => `/project/customers/${id}/cancel-unsent-messages`,
);
