import { anyOrder } from '../concurrency';
import { customerSubList, subListDescription } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Get Charges',
	value: 'getCharges',
	action: 'Get charges of a customer',
	description:
		'Get the charges (purchases) of a customer given its ID (a number); returns one item per charge',
};

export const lane = anyOrder;

export const description = subListDescription('getCharges');

/** GET /project/customers/{id}/charges, one item per record. */
export const execute = customerSubList((id) => `/project/customers/${id}/charges`);
