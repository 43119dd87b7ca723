import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequestForKey } from '../../transport';
import { getProjectId, keyItems, projectIdProperty, showFor } from './shared';

export const description = updateDisplayOptions(showFor('rotateKey'), [projectIdProperty]);

/** Issues a new secret key; the previous one stops working at once. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getProjectId(this, itemIndex);
	const key = await apiRequestForKey(this, {
		method: 'DELETE',
		path: `/agency/projects/${id}/key`,
		itemIndex,
	});
	return keyItems(key);
}
