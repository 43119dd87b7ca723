import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dateFilterFields, queryParametersField, returnAllAndLimit } from '../../descriptors/list';
import { getLimit, listQuery } from '../../helpers/params';
import { apiRequestAllItems } from '../../transport';
import { showFor } from './shared';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		// Charges are filtered on their charge date only: no Date Field choice.
		options: dateFilterFields(['charged_at'])
			.filter((field) => field.name !== 'dateKey')
			.map((field) => ({
				...field,
				description: `${field.description} (date of the charge)`,
			})),
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [queryParametersField],
	},
];

export const description = updateDisplayOptions(showFor('getAll'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems(this, {
		path: '/project/charges',
		qs: listQuery(this, itemIndex),
		limit: getLimit(this, itemIndex),
		paginated: true,
		itemIndex,
	});
	return this.helpers.returnJsonArray(records);
}
