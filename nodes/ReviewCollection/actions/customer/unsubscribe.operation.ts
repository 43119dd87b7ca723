import { byRecord } from '../concurrency';
import { actionDescription, customerAction } from './shared';

export const lane = byRecord('customerId');

export const description = actionDescription('unsubscribe');

/** PUT /project/customers/{id}/unsubscribe: sets unsubscribed_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/unsubscribe`);
