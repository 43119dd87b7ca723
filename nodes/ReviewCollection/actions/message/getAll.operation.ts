import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	dateFilterFields,
	filtersCollection,
	listOptionsCollection,
	optionsOf,
	returnAllAndLimit,
} from '../../descriptors/list';
import { getMany } from '../../helpers/getMany';
import { MESSAGE_TIMESTAMPS, showFor } from './shared';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	filtersCollection([
		...dateFilterFields(MESSAGE_TIMESTAMPS),
		{
			displayName: 'Channel',
			name: 'channel',
			type: 'options',
			options: [
				{ name: 'Email', value: 'email' },
				{ name: 'SMS', value: 'sms' },
			],
			default: 'email',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			// The delivery states behind the message timestamps (spec 2.8).
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
		{
			displayName: 'Template',
			name: 'template',
			type: 'string',
			default: '',
			placeholder: 'e.g. ask-reminder',
			description: 'Messages whose template slug starts with this text',
		},
	]),
	listOptionsCollection(MESSAGE_TIMESTAMPS),
];

export const description = updateDisplayOptions(showFor('getAll'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await getMany(this, itemIndex, '/project/messages', true);
}
