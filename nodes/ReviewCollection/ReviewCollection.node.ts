import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { router } from './actions/router';
import { resourceProperty, resourceDescriptions } from './actions/resources';
import { actionNodeCredentials, authenticationProperties } from './descriptors/common';
import { requestOptionsProperty } from './descriptors/requestOptions';
import { searchWorkflows } from './actions/diagnostics/n8n-api';
import * as listSearch from './methods/listSearch';

export class ReviewCollection implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Review Collection',
		name: 'reviewCollection',
		icon: { light: 'file:reviewCollection.svg', dark: 'file:reviewCollection.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Manage reviews, customers, charges, messages, sources, share templates and asks of the Review Collection Service, and the projects and client users of an agency',
		defaults: { name: 'Review Collection' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: actionNodeCredentials,
		properties: [
			resourceProperty,
			...authenticationProperties,
			...resourceDescriptions,
			requestOptionsProperty,
		],
	};

	methods = { listSearch: { ...listSearch, searchWorkflows } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
