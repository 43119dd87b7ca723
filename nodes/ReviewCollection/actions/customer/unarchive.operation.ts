import { byRecord } from '../concurrency';
import { actionDescription, customerAction, customerIdParameter } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Unarchive',
	value: 'unarchive',
	action: 'Unarchive a customer',
	description: 'Restore an archived customer given its ID (a number); returns success and the ID',
};

export const lane = byRecord(customerIdParameter);

export const description = actionDescription('unarchive');

/** PUT /project/customers/{id}/unarchive: clears archived_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/unarchive`);
