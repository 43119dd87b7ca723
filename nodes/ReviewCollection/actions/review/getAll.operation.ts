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
import { showFor } from './shared';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		options: [
			...dateFilterFields(['created_at', 'updated_at', 'replied_at']),
			{
				displayName: 'Facet',
				name: 'facet',
				type: 'string',
				default: '',
				placeholder: 'e.g. duplicates',
				description:
					'Console-style filter; duplicates are left out unless the duplicates facet is chosen',
			},
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
			{
				displayName: 'Source',
				name: 'source',
				type: 'string',
				default: '',
				description: 'ID, slug or UUID of a review source',
			},
			{ displayName: 'Tag', name: 'tag', type: 'string', default: '', description: 'Tag slug' },
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			...sortFields(['created_at', 'id', 'score', 'updated_at', 'replied_at']),
			queryParametersField,
		],
	},
];

export const description = updateDisplayOptions(showFor('getAll'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems(this, {
		path: '/project/reviews',
		qs: listQuery(this, itemIndex),
		limit: getLimit(this, itemIndex),
		paginated: true,
		itemIndex,
	});
	return this.helpers.returnJsonArray(records);
}
