import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as create from './create.operation';

export const operations: Record<string, Operation> = { create };

export const description: INodeProperties[] = [
	operationProperty(
		'ask',
		[
			operationOption(
				'Create',
				'create',
				'Send a customer a review request by email and/or SMS given the channels and the email address or phone number; returns the ask',
			),
		],
		'create',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
