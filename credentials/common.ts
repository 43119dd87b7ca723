import type {
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

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

/**
 * `Authorization: Bearer <apiKey>` on every request. A function rather than a generic block: n8n would
 * run a generic block's `={{$credentials.apiKey}}` through its expression engine on every request.
 * The caller's options are copied, not changed.
 */
export async function bearerAuthentication(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
	return { ...requestOptions, headers: { ...requestOptions.headers, Authorization: `Bearer ${apiKey}` } };
}

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
