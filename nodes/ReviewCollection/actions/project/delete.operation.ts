import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getProjectId, projectIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a project',
	description:
		'Delete an agency project (client offboarding) given its ID (a number); returns deleted true and the ID',
};

export const description = updateDisplayOptions(showFor('delete'), [projectIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getProjectId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'DELETE',
		path: `/agency/projects/${id}`,
		itemIndex,
	});
	return deletedItems(id);
}
