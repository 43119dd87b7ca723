import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequestForKey } from '../../transport';
import { getProjectId, keyItems, projectIdProperty, showFor } from './shared';
import { anyOrder } from '../concurrency';

/** Reads: items may run at once under Request Options → Concurrency, in any order. */
export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getKey'), [projectIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getProjectId(this, itemIndex);
	const key = await apiRequestForKey(this, {
		method: 'GET',
		path: `/agency/projects/${id}/key`,
		itemIndex,
	});
	return keyItems(key);
}
