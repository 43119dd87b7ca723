import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { getProjectId, keyItems, projectIdProperty, showFor } from './shared';

export const description = updateDisplayOptions(showFor('getKey'), [projectIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getProjectId(this, itemIndex);
	const envelope = await apiRequest(this, { method: 'GET', path: `/agency/projects/${id}/key`, itemIndex });
	return keyItems(envelope);
}
