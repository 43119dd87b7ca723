import { byRecord } from '../concurrency';
import { actionDescription, customerAction } from './shared';

export const lane = byRecord('customerId');

export const description = actionDescription('unarchive');

/** PUT /project/customers/{id}/unarchive: clears archived_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/unarchive`);
