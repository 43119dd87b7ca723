import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../descriptors/locators';

export const messageIdProperty = idLocator({
	name: 'messageId',
	displayName: 'Message',
	recordName: 'message',
});

/** The timestamps a message carries (spec 2.8), usable as date field and sort key. */
export const MESSAGE_TIMESTAMPS = [
	'created_at',
	'updated_at',
	'scheduled_at',
	'processed_at',
	'sent_at',
	'delivered_at',
	'opened_at',
	'clicked_at',
	'failed_at',
	'complained_at',
	'canceled_at',
	'halted_at',
];

/** Message filters of Get Many, also offered by the trigger's New Message event. */
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

export function showFor(operation: string) {
	return { show: { resource: ['message'], operation: [operation] } };
}
