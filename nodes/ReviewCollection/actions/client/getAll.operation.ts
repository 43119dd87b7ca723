import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listOptionsCollection, returnAllAndLimit } from '../../descriptors/list';
import { getMany } from '../../helpers/getMany';
import { showFor } from './shared';
import { anyOrder } from '../concurrency';

/** Reads: items may run at once under Request Options → Concurrency, in any order. */
export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), [
	...returnAllAndLimit,
	listOptionsCollection(),
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	// The API answers every record at once; Limit only cuts the answer.
	return await getMany(this, itemIndex, { path: '/agency/clients', paginated: false });
}
