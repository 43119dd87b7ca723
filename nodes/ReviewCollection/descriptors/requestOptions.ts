import type { INodeProperties } from 'n8n-workflow';

/** Settings of the HTTP layer, on every operation. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 3,
			description:
				'How often a request is retried after a rate limit (429) or a server error; a create (POST) is retried only after a 429, so it is never duplicated',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 30000,
			description: 'Milliseconds to wait for an answer before the request fails',
		},
	],
};
