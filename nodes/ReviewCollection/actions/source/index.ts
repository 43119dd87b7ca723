import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
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
			operationOption(
				'Create',
				'create',
				'Create a review source given its name (at most 30 characters) and optional colour and icon; returns the source',
			),
			operationOption(
				'Delete',
				'delete',
				'Delete a review source given its ID (a number); returns deleted true and the ID',
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many review sources of the project (name, slug, colour); returns one item per source',
			),
			operationOption(
				'Update',
				'update',
				'Rename a review source or change its slug, colour or icon given its ID (a number), keeping untouched fields; returns the source',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
