import type { INodeProperties } from 'n8n-workflow';

import * as ask from './ask';
import * as charge from './charge';
import * as client from './client';
import * as customer from './customer';
import * as diagnostics from './diagnostics';
import * as message from './message';
import * as project from './project';
import * as review from './review';
import type { Operation } from './types';
import * as shareTemplate from './shareTemplate';
import * as source from './source';

/** The resource selector and the operations of every resource, in the order the editor shows them. */
export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Ask', value: 'ask', description: 'Review requests sent by email or SMS' },
		{ name: 'Charge', value: 'charge', description: 'Revenue charges of customers' },
		{ name: 'Client', value: 'client', description: 'Client users of the agency (agency key)' },
		{ name: 'Customer', value: 'customer' },
		{
			name: diagnostics.RESOURCE_NAME,
			value: 'diagnostics',
			description:
				"Check the service against the package's guesses; why a trigger did or did not fire (read-only)",
		},
		{ name: 'Message', value: 'message', description: 'Review-request emails and texts' },
		{ name: 'Project', value: 'project', description: 'Projects of the agency (agency key)' },
		{ name: 'Review', value: 'review' },
		{ name: 'Share Template', value: 'shareTemplate', description: 'Templates of share images' },
		{ name: 'Source', value: 'source', description: 'Review sources (Google, Facebook…)' },
	],
	default: 'review',
};

const modules = {
	ask,
	charge,
	client,
	customer,
	diagnostics,
	message,
	project,
	review,
	shareTemplate,
	source,
};

export const resourceDescriptions: INodeProperties[] = Object.values(modules).flatMap(
	(module) => module.description,
);

export const operationsByResource: Record<string, Record<string, Operation>> = Object.fromEntries(
	Object.entries(modules).map(([name, module]) => [name, module.operations]),
);
