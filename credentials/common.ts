import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
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
	return {
		...requestOptions,
		headers: { ...requestOptions.headers, Authorization: `Bearer ${apiKey}` },
	};
}

const KEY_REFUSED = {
	agency:
		"The service refused the API key (401). Check that API Key is your agency's API key (a project's secret key belongs in a Review Collection Project API credential).",
	project:
		"The service refused the API key (401). Check that API Key is the project's secret key (an agency key belongs in a Review Collection Agency API credential; read a project's key with Project → Get Key).",
};

/**
 * A 2xx answer from something that is not the service (a web page, another API): the service always
 * answers `{ success: true, ... }`.
 */
const notTheService: IAuthenticateRuleResponseSuccessBody = {
	type: 'responseSuccessBody',
	properties: {
		key: 'success',
		value: undefined,
		message:
			'Base URL answered, but not as the Review Collection API does (no "success" field). Check that Base URL is the root of the Review Collection service.',
	},
};

/**
 * The credential test: a cheap GET the key must be allowed to make (trailing slashes of the base URL
 * dropped). Its rules turn the usual mistakes into a message naming what to fix. Redirects are not
 * followed: the key goes only to the Base URL the user typed, never to where a redirect points.
 */
export function credentialTestRequest(
	path: string,
	keyKind: keyof typeof KEY_REFUSED,
): ICredentialTestRequest {
	return {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: path,
			method: 'GET',
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		// n8n types one kind of rule per list; its credential tester reads both kinds from one.
		rules: [
			{ type: 'responseCode', properties: { value: 401, message: KEY_REFUSED[keyKind] } },
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: `The service refused this key for ${path} (403). Check that API Key is the right kind of key for this credential.`,
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: `Nothing answers at Base URL + ${path} (404). Base URL must be the root of the Review Collection service, without /agency or /project at the end, for example https://api.example.com.`,
				},
			},
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode' as const,
				properties: {
					value,
					message: `Base URL redirects elsewhere (HTTP ${value}); the key is not sent on. Use the address the service itself answers on (check http:// versus https:// and the host name).`,
				},
			})),
			notTheService,
		] as Array<
			IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody
		> as IAuthenticateRuleResponseCode[],
	};
}
