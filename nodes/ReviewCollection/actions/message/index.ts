import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
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
			operationOption(
				'Delete',
				'delete',
				'Delete a review-request message given its ID (a number); returns deleted true and the ID',
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many review-request emails and texts, optionally filtered by date, channel, template or delivery status; returns one item per message',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
