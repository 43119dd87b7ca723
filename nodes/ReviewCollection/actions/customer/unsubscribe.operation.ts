import { actionDescription, customerAction } from './shared';
import { byRecord } from '../concurrency';

/** Items changing the same customer run in input order; different customers may run at once. */
export const lane = byRecord('customerId');

export const description = actionDescription('unsubscribe');

/** PUT /project/customers/{id}/unsubscribe: sets unsubscribed_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/unsubscribe`);
