import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
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
			{ name: 'Delete', value: 'delete', action: 'Delete a share template' },
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many share templates',
				description: 'List the share-image templates of the project',
			},
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
