import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	dateFilterFields,
	filtersCollection,
	listOptionsCollection,
	returnAllAndLimit,
} from '../../descriptors/list';
import { simplifyProperty } from '../../descriptors/simplify';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { reviewFilterFields, showFor } from './shared';
import type { OperationOption } from '../types';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('review'),
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
		...reviewFilterFields,
	]),
	listOptionsCollection(['created_at', 'id', 'score', 'updated_at', 'replied_at']),
];

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many reviews',
	description:
		'Get many reviews, newest first, optionally filtered by date, score, source, location or tag; returns one item per review',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), properties);

export const execute = getManyExecute({
	path: '/project/reviews',
	paginated: true,
	simplify: 'review',
});
