import type { IDisplayOptions, INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { idLocator } from './locators';

import { AGENCY_API, PROJECT_API } from '../../../credentials/names';

/** Resources of the Project API; `project` and `client` belong to the Agency API. */
export const PROJECT_AREA_RESOURCES = [
	'review',
	'customer',
	'charge',
	'message',
	'source',
	'shareTemplate',
	'ask',
	'diagnostics',
];

/** Resources only the agency key reaches. */
export const AGENCY_RESOURCES = ['project', 'client'];

/**
 * The Authentication choice (README, "Credentials"): Project API calls sign with the project key, or with the agency key plus a project.
 * Shared by the action node (shown for the project-area resources) and the trigger (always shown):
 * `show` is the display condition of the pair; empty = always.
 */
export function projectAuthenticationProperties(
	show: NonNullable<IDisplayOptions['show']> = {},
	projectDescription = 'The project to act on: the node reads its key with the agency key',
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
					description:
						"Sign in with one project's secret key (credential type: Review Collection Project API)",
				},
				{
					name: 'Agency Key',
					value: 'agencyKey',
					description:
						'Sign in with the agency key and choose the project below (credential type: Review Collection Agency API)',
				},
			],
			default: 'projectKey',
			description: 'Which key the node signs in with',
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

/** Operations that use n8n's own API (credential `n8nApi`), not the service's (contract §11). */
export const N8N_API_OPERATIONS = ['explainTrigger'];

/** Explain Trigger signs in to n8n, not to the service: no Authentication, no Project. */
const [projectAreaAuthentication, projectAreaProjectId] = projectAuthenticationProperties({
	resource: PROJECT_AREA_RESOURCES,
}).map((property) => ({
	...property,
	displayOptions: { ...property.displayOptions, hide: { operation: N8N_API_OPERATIONS } },
}));

/** The action node's authentication parameters. */
export const authenticationProperties: INodeProperties[] = [
	projectAreaAuthentication,
	{
		displayName:
			'Projects and client users belong to the agency: this resource always signs in with the agency key (credential type: Review Collection Agency API)',
		name: 'agencyOnlyNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: AGENCY_RESOURCES } },
	},
	projectAreaProjectId,
];

/*
 * Which credential the Credential field offers. Written as `hide` rules on purpose: n8n's editor
 * (editor-ui `getNodeAuthFields` / `getMainAuthField`) treats every parameter named in a credential's
 * `displayOptions.show` as a login setting, moves `authentication` out of the panel into the
 * credential dialog and hides every parameter `authentication` itself depends on (here: Resource).
 * It never reads `hide`, so with these rules Resource, Authentication and Project stay in the panel.
 */

/** Both nodes: the credential follows the `authentication` choice. */
export const credentialsByAuthentication: INodeCredentialDescription[] = [
	{
		name: PROJECT_API.name,
		required: true,
		displayOptions: { hide: { authentication: ['agencyKey'] } },
	},
	{
		name: AGENCY_API.name,
		required: true,
		displayOptions: { hide: { authentication: ['projectKey'] } },
	},
];

/** Every resource but Diagnostics: with `hide`, the n8n API credential shows for Explain Trigger only. */
const NOT_DIAGNOSTICS = [
	...PROJECT_AREA_RESOURCES.filter((resource) => resource !== 'diagnostics'),
	...AGENCY_RESOURCES,
];

/**
 * The action node: as above, the agency resources (no `authentication` parameter) take the agency key,
 * and Explain Trigger takes n8n's own API credential instead (n8n-nodes-base defines `n8nApi`).
 */
export const actionNodeCredentials: INodeCredentialDescription[] = [
	{
		name: PROJECT_API.name,
		required: true,
		displayOptions: {
			hide: {
				authentication: ['agencyKey'],
				resource: AGENCY_RESOURCES,
				operation: N8N_API_OPERATIONS,
			},
		},
	},
	{
		...credentialsByAuthentication[1],
		displayOptions: {
			hide: { authentication: ['projectKey'], operation: N8N_API_OPERATIONS },
		},
	},
	{
		name: 'n8nApi',
		required: true,
		displayOptions: { hide: { resource: NOT_DIAGNOSTICS, operation: ['checkService'] } },
	},
];
