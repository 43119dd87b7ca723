import { byRecord } from '../concurrency';
import { actionDescription, customerAction } from './shared';

export const lane = byRecord('customerId');

export const description = actionDescription('archive');

/** PUT /project/customers/{id}/archive: sets archived_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/archive`);
