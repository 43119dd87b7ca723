/** Filter fields the action node's Get Many operations and the trigger both offer. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsOf } from './list';
import { sourceSlugLocator } from './locators';

/** Review filters of Get Many, also offered by the trigger's review events. */
export const reviewFilterFields: INodeProperties[] = [
	{
		displayName: 'Location',
		name: 'location',
		type: 'string',
		default: '',
		description: 'ID, slug or UUID of a location',
	},
	{
		displayName: 'Score',
		name: 'score',
		type: 'options',
		options: optionsOf(['1', '2', '3', '4', '5']),
		default: '5',
	},
	sourceSlugLocator({
		name: 'source',
		description:
			'Only reviews from this source: pick it from the list, or give its slug (its ID or UUID works too)',
	}),
	{ displayName: 'Tag', name: 'tag', type: 'string', default: '', description: 'Tag slug' },
];

/** Message filters of Get Many, also offered by the trigger's message events. */
export const channelFilterField: INodeProperties = {
	displayName: 'Channel',
	name: 'channel',
	type: 'options',
	options: [
		{ name: 'Email', value: 'email' },
		{ name: 'SMS', value: 'sms' },
	],
	default: 'email',
};

export const templateFilterField: INodeProperties = {
	displayName: 'Template',
	name: 'template',
	type: 'string',
	default: '',
	placeholder: 'e.g. ask-reminder',
	description: 'Messages whose template slug starts with this text',
};

/** Customer tag filter (Get Many customers, the trigger's customer events). */
export const customerTagFilterField: INodeProperties = {
	displayName: 'Tag',
	name: 'tag',
	type: 'string',
	default: '',
	description: 'Tag slug',
};
