import type { ICredentialType } from 'n8n-workflow';
import {
	bearerAuthentication,
	credentialIcon,
	credentialProperties,
	credentialTestRequest,
} from './common';

/** The agency's API key: manages projects and client users, and can read any project's secret key. */
export class ReviewCollectionAgencyApi implements ICredentialType {
	name = 'reviewCollectionAgencyApi';

	displayName = 'Review Collection Agency API';

	icon = credentialIcon;

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-review-collection#credentials';

	properties = credentialProperties("The agency's API key");

	authenticate = bearerAuthentication;

	test = credentialTestRequest('/agency/projects');
}
