import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	dateFilterFields,
	filtersCollection,
	listOptionsCollection,
	optionsOf,
	returnAllAndLimit,
} from '../../descriptors/list';
import { simplifyProperty } from '../../descriptors/simplify';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { channelFilterField, MESSAGE_TIMESTAMPS, showFor, templateFilterField } from './shared';
import type { OperationOption } from '../types';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('message'),
	filtersCollection([
		...dateFilterFields(MESSAGE_TIMESTAMPS),
		channelFilterField,
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			// The delivery states behind the message timestamps (MESSAGE_TIMESTAMPS).
			options: optionsOf([
				'scheduled',
				'processed',
				'sent',
				'delivered',
				'opened',
				'clicked',
				'failed',
				'complained',
				'canceled',
				'halted',
			]),
			default: 'delivered',
			description: 'Delivery status of the message',
		},
		templateFilterField,
	]),
	listOptionsCollection(MESSAGE_TIMESTAMPS),
];

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many messages',
	description:
		'Get many review-request emails and texts, optionally filtered by date, channel, template or delivery status; returns one item per message',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), properties);

export const execute = getManyExecute({
	path: '/project/messages',
	paginated: true,
	simplify: 'message',
});
