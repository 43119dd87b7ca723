import type { INodeProperties } from 'n8n-workflow';

/** Settings of the HTTP layer, on every operation. */
export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	// Explain Trigger sends nothing to the service (n8n's API only).
	displayOptions: { hide: { operation: ['explainTrigger'] } },
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: 1,
			description:
				'How many items may have a request in flight at once (1 = one after another), and how many pages Return All reads at once. Output order and item pairing never change. Applies to reads, to creates (items with the same email or phone still run in order) and to changes or deletes of reviews, customers, charges and messages (items for the same record still run in order); operations on projects, client users, sources and share templates and Create Share Image always run one at a time. A rate limit (429) pauses every in-flight request. Records created at once get IDs in no particular order.',
		},
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 3,
			description:
				'How often a request is retried after a rate limit (429) or a server error; a create (POST) is retried only after a 429, so it is never duplicated. A rate limit asking to wait more than 30 s is not retried: the error says how long the service asked to wait.',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 30000,
			description:
				'Milliseconds to wait for an answer before the request fails. For the Download of Create Share Image: the time the whole download may take.',
		},
	],
};
