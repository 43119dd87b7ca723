import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from './locators';

/** Resources of the Project API; `project` and `client` belong to the Agency API. */
export const PROJECT_AREA_RESOURCES = [
	'review',
	'customer',
	'charge',
	'message',
	'source',
	'shareTemplate',
	'ask',
];

/** Contract §3: project-area resources sign with the project key, or with the agency key plus a project. */
export const authenticationProperties: INodeProperties[] = [
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Project Key',
				value: 'projectKey',
				description: "The project's secret key (Review Collection Project API credential)",
			},
			{
				name: 'Agency Key',
				value: 'agencyKey',
				description:
					"The agency key plus a project: the node reads that project's key itself (Review Collection Agency API credential)",
			},
		],
		default: 'projectKey',
		displayOptions: { show: { resource: PROJECT_AREA_RESOURCES } },
	},
	{
		// Agency resources always use the agency key; a hidden twin keeps the credential choice right.
		displayName: 'Authentication',
		name: 'authentication',
		type: 'hidden',
		default: 'agencyKey',
		displayOptions: { show: { resource: ['project', 'client'] } },
	},
	{
		...idLocator({
			name: 'projectId',
			displayName: 'Project',
			recordName: 'project',
			searchListMethod: 'searchProjects',
		}),
		description: 'The project to act on with the agency key',
		displayOptions: {
			show: { resource: PROJECT_AREA_RESOURCES, authentication: ['agencyKey'] },
		},
	},
];
