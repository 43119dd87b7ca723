import { updateDisplayOptions } from 'n8n-workflow';

import { simplifyProperty } from '../../descriptors/simplify';
import { anyOrder } from '../concurrency';
import { customerSubList, showFor, subListDescription } from './shared';

export const lane = anyOrder;

export const description = [
	...subListDescription('getMessages'),
	...updateDisplayOptions(showFor('getMessages'), [simplifyProperty('message')]),
];

/** GET /project/customers/{id}/messages, one item per record. */
export const execute = customerSubList((id) => `/project/customers/${id}/messages`, 'message');
