import type { ICredentialType } from 'n8n-workflow';
import {
	bearerAuthentication,
	credentialIcon,
	credentialProperties,
	credentialTestRequest,
} from './common';
import { AGENCY_API } from './names';

/** The agency's API key: manages projects and client users, and can read any project's secret key. */
export class ReviewCollectionAgencyApi implements ICredentialType {
	name = AGENCY_API.name;

	displayName = AGENCY_API.displayName;

	icon = credentialIcon;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-review-collection#credentials';

	properties = credentialProperties("The agency's API key");

	authenticate = bearerAuthentication;

	test = credentialTestRequest('/agency/projects', 'agency');
}
