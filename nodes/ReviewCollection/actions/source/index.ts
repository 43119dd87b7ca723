import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as create from './create.operation';
import * as deleteSource from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const operations: Record<string, Operation> = {
	create,
	delete: deleteSource,
	getAll,
	update,
};

export const description: INodeProperties[] = [
	operationProperty(
		'source',
		[
			{ name: 'Create', value: 'create', action: 'Create a source', description: 'Add a review source' },
			{ name: 'Delete', value: 'delete', action: 'Delete a source', description: 'Remove a review source' },
			{ name: 'Get Many', value: 'getAll', action: 'Get many sources', description: 'List the review sources of the project' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a source',
				description: 'Rename a source or change its slug, colour or sprite; untouched fields are kept',
			},
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
