import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from './router';
import * as review from './review';

/** The resource selector and the operations of every resource, in the order the editor shows them. */
export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [{ name: 'Review', value: 'review' }],
	default: 'review',
};

export const resourceDescriptions: INodeProperties[] = [...review.description];

export const operationsByResource: Record<string, Record<string, Operation>> = {
	review: review.operations,
};
