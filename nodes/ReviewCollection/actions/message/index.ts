import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as deleteMessage from './delete.operation';
import * as getAll from './getAll.operation';

export const operations: Record<string, Operation> = {
	delete: deleteMessage,
	getAll,
};

export const description: INodeProperties[] = [
	operationProperty(
		'message',
		[
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a message',
				description: 'Remove a message; the completion of its ask is refreshed',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many messages',
				description: 'List review-request emails and texts with filters',
			},
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
