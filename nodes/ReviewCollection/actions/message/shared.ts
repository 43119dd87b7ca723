import { showForResource } from '../../descriptors/operation';
import { recordIdParameter } from '../../descriptors/locators';

/** The message an operation acts on: its locator and its reader (and the lane of changes to it). */
export const messageIdParameter = recordIdParameter({
	name: 'messageId',
	displayName: 'Message',
	recordName: 'message',
});
export const { property: messageIdProperty, read: getMessageId } = messageIdParameter;

/** The timestamps a message record carries, usable as date field and sort key. */
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

export { channelFilterField, templateFilterField } from '../../descriptors/filters';

export const showFor = showForResource('message');
