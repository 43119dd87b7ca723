import { showForResource } from '../../descriptors/operation';
import { recordIdParameter } from '../../helpers/params';

export const { property: messageIdProperty, read: getMessageId } = recordIdParameter({
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

export { channelFilterField, templateFilterField } from '../../descriptors/filters';

export const showFor = showForResource('message');
