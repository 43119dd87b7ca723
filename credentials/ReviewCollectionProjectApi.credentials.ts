import type { ICredentialType } from 'n8n-workflow';
import {
	bearerAuthentication,
	credentialIcon,
	credentialProperties,
	credentialTestRequest,
} from './common';
import { PROJECT_API } from './names';

/** A project's secret key: reads and changes everything inside that one project. */
export class ReviewCollectionProjectApi implements ICredentialType {
	name = PROJECT_API.name;

	displayName = PROJECT_API.displayName;

	icon = credentialIcon;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-review-collection#credentials';

	properties = credentialProperties(
		'The secret key of the project (an agency reads it with Project → Get Key)',
	);

	authenticate = bearerAuthentication;

	test = credentialTestRequest('/project/sources', 'project');
}
