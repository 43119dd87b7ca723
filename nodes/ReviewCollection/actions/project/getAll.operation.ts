import { updateDisplayOptions } from 'n8n-workflow';

import { listOptionsCollection, returnAllAndLimit } from '../../descriptors/list';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { showFor } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many projects',
	description: 'Get many projects of the agency; returns one item per project',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), [
	...returnAllAndLimit,
	listOptionsCollection(),
]);

/** The API answers every record at once; Limit only cuts the answer. */
export const execute = getManyExecute({ path: '/agency/projects', paginated: false });
