import type { IAuthenticateGeneric, Icon, ICredentialTestRequest, INodeProperties } from 'n8n-workflow';

/** What the agency and the project credential share: both are a base URL and a Bearer key. */
export const credentialIcon: Icon = {
	light: 'file:../nodes/ReviewCollection/reviewCollection.svg',
	dark: 'file:../nodes/ReviewCollection/reviewCollection.dark.svg',
};

export function credentialProperties(keyDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'Root of the service, the part before /agency and /project. A trailing slash is fine.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: keyDescription,
		},
	];
}

export const bearerAuthentication: IAuthenticateGeneric = {
	type: 'generic',
	properties: {
		headers: {
			Authorization: '=Bearer {{$credentials.apiKey}}',
		},
	},
};

/** The credential test: a cheap GET the key must be allowed to make (trailing slashes of the base URL dropped). */
export function credentialTestRequest(path: string): ICredentialTestRequest {
	return {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: path,
			method: 'GET',
		},
	};
}
