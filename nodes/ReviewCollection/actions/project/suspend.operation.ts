import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOrSuccessItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getProjectId, projectIdProperty, showFor } from './shared';

export const description = updateDisplayOptions(showFor('suspend'), [projectIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getProjectId(this, itemIndex);
	const envelope = await apiRequest(this, {
		method: 'PUT',
		path: `/agency/projects/${id}/suspend`,
		itemIndex,
	});
	return recordOrSuccessItems(this, envelope, id);
}
