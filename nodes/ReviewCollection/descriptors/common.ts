import type { IDisplayOptions, INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

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

/**
 * Contract §3/§4: Project API calls sign with the project key, or with the agency key plus a project.
 * Shared by the action node (shown for the project-area resources) and the trigger (always shown):
 * `show` is the display condition of the pair; empty = always.
 */
export function projectAuthenticationProperties(
	show: NonNullable<IDisplayOptions['show']> = {},
	projectDescription = 'The project to act on with the agency key',
): INodeProperties[] {
	const conditional = Object.keys(show).length > 0;
	return [
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
			...(conditional ? { displayOptions: { show } } : {}),
		},
		{
			...idLocator({
				name: 'projectId',
				displayName: 'Project',
				recordName: 'project',
				searchListMethod: 'searchProjects',
			}),
			description: projectDescription,
			displayOptions: { show: { ...show, authentication: ['agencyKey'] } },
		},
	];
}

const [projectAreaAuthentication, projectAreaProjectId] = projectAuthenticationProperties({
	resource: PROJECT_AREA_RESOURCES,
});

/** The action node's authentication parameters. */
export const authenticationProperties: INodeProperties[] = [
	projectAreaAuthentication,
	{
		// Agency resources always use the agency key; a hidden twin keeps the credential choice right.
		displayName: 'Authentication',
		name: 'authentication',
		type: 'hidden',
		default: 'agencyKey',
		displayOptions: { show: { resource: ['project', 'client'] } },
	},
	projectAreaProjectId,
];

/** Both nodes: the credential follows the `authentication` choice. */
export const credentialsByAuthentication: INodeCredentialDescription[] = [
	{
		name: 'reviewCollectionProjectApi',
		required: true,
		displayOptions: { show: { authentication: ['projectKey'] } },
	},
	{
		name: 'reviewCollectionAgencyApi',
		required: true,
		displayOptions: { show: { authentication: ['agencyKey'] } },
	},
];
