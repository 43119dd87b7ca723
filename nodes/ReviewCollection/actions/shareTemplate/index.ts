import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as deleteShareTemplate from './delete.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, Operation> = {
	delete: deleteShareTemplate,
	getAll,
};

export const description: INodeProperties[] = [
	operationProperty(
		'shareTemplate',
		[
			operationOption(
				'Delete',
				'delete',
				'Delete a share-image template given its ID (a number); returns deleted true and the ID',
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many share-image templates of the project; returns one item per template',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
