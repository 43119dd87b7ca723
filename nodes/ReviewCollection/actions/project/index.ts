import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';

export const operations: Record<string, Operation> = {};

export const description: INodeProperties[] = [
	operationProperty('project', [], 'getAll'),
	...Object.values(operations).flatMap((operation) => operation.description),
];
