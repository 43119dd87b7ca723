import { updateDisplayOptions } from 'n8n-workflow';

import { listOptionsCollection, returnAllAndLimit } from '../../descriptors/list';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { showFor } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many share templates',
	description: 'Get many share-image templates of the project; returns one item per template',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), [
	...returnAllAndLimit,
	listOptionsCollection(),
]);

/** The API answers every record at once; Limit only cuts the answer. */
export const execute = getManyExecute({ path: '/project/share-templates', paginated: false });
