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
import { showFor } from './shared';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	filtersCollection([
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
	]),
	listOptionsCollection(['created_at', 'id', 'score', 'updated_at', 'replied_at']),
];

export const description = updateDisplayOptions(showFor('getAll'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await getMany(this, itemIndex, '/project/reviews', true);
}
