import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as create from './create.operation';

export const operations: Record<string, Operation> = { create };

export const description: INodeProperties[] = [
	operationProperty(
		'ask',
		[
			{
				name: 'Create',
				value: 'create',
				action: 'Create an ask',
				description: 'Schedule a review request to a customer by email and/or SMS',
			},
		],
		'create',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
