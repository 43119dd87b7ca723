import { byRecord } from '../concurrency';
import { actionDescription, customerAction } from './shared';

export const lane = byRecord('customerId');

export const description = actionDescription('resubscribe');

/** PUT /project/customers/{id}/resubscribe: clears unsubscribed_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/resubscribe`);
