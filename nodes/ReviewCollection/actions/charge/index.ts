import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
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
			operationOption(
				'Create',
				'create',
				'Record a charge (a purchase) given an amount in the smallest currency unit and a 3-letter currency code, optionally with the customer email or phone; returns the charge',
			),
			operationOption(
				'Delete',
				'delete',
				'Delete a charge given its ID (a number); returns deleted true and the ID',
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many charges, optionally between two dates (YYYY-MM-DD); returns one item per charge',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
