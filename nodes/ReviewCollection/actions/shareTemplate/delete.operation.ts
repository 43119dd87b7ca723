import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getShareTemplateId, shareTemplateIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a share template',
	description:
		'Delete a share-image template given its ID (a number); returns deleted true and the ID',
};

export const description = updateDisplayOptions(showFor('delete'), [
	{
		...shareTemplateIdProperty,
		description:
			'The share template to delete; when it is the default, the service makes another one the default',
	},
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getShareTemplateId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'DELETE',
		path: `/project/share-templates/${id}`,
		itemIndex,
	});
	return deletedItems(id);
}
