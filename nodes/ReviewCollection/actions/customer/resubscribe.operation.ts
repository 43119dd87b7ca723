import { byRecord } from '../concurrency';
import { actionDescription, customerAction, customerIdParameter } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Resubscribe',
	value: 'resubscribe',
	action: 'Resubscribe a customer',
	description:
		'Let a customer receive review requests again given its ID (a number); returns success and the ID',
};

export const lane = byRecord(customerIdParameter);

export const description = actionDescription('resubscribe');

/** PUT /project/customers/{id}/resubscribe: clears unsubscribed_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/resubscribe`);
