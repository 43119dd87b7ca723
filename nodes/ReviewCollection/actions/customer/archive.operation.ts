import { byRecord } from '../concurrency';
import { actionDescription, customerAction, customerIdParameter } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Archive',
	value: 'archive',
	action: 'Archive a customer',
	description: 'Archive a customer given its ID (a number); returns success and the ID',
};

export const lane = byRecord(customerIdParameter);

export const description = actionDescription('archive');

/** PUT /project/customers/{id}/archive: sets archived_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/archive`);
