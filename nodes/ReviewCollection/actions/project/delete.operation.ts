import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getProjectId, projectIdProperty, showFor } from './shared';

export const description = updateDisplayOptions(showFor('delete'), [projectIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getProjectId(this, itemIndex);
	await apiRequest(this, { method: 'DELETE', path: `/agency/projects/${id}`, itemIndex });
	return deletedItems(id);
}
