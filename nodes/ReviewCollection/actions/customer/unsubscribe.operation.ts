import { byRecord } from '../concurrency';
import { actionDescription, customerAction, customerIdParameter } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Unsubscribe',
	value: 'unsubscribe',
	action: 'Unsubscribe a customer',
	description:
		'Stop review requests to a customer given its ID (a number); returns success and the ID',
};

export const lane = byRecord(customerIdParameter);

export const description = actionDescription('unsubscribe');

/** PUT /project/customers/{id}/unsubscribe: sets unsubscribed_at. */
export const execute = customerAction('PUT', (id) => `/project/customers/${id}/unsubscribe`);
