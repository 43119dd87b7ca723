import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as create from './create.operation';
import * as deleteCharge from './delete.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, Operation> = {
	create,
	delete: deleteCharge,
	getAll,
};

export const description: INodeProperties[] = [
	operationProperty(
		'charge',
		[
			{ name: 'Create', value: 'create', action: 'Create a charge', description: 'Record a revenue charge of a customer' },
			{ name: 'Delete', value: 'delete', action: 'Delete a charge', description: 'Permanently remove a charge' },
			{ name: 'Get Many', value: 'getAll', action: 'Get many charges', description: 'List charges, optionally by charge date' },
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
