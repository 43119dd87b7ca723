import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	dateFilterFields,
	optionsOf,
	queryParametersField,
	returnAllAndLimit,
	sortFields,
} from '../../descriptors/list';
import { getLimit, listQuery } from '../../helpers/params';
import { apiRequestAllItems } from '../../transport';
import { MESSAGE_TIMESTAMPS, showFor } from './shared';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		options: [
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
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [...sortFields(MESSAGE_TIMESTAMPS), queryParametersField],
	},
];

export const description = updateDisplayOptions(showFor('getAll'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems(this, {
		path: '/project/messages',
		qs: listQuery(this, itemIndex),
		limit: getLimit(this, itemIndex),
		paginated: true,
		itemIndex,
	});
	return this.helpers.returnJsonArray(records);
}
