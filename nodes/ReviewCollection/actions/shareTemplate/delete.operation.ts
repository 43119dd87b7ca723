import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { idLocator } from '../../descriptors/locators';
import { deletedItems } from '../../helpers/output';
import { getId } from '../../helpers/params';
import { apiRequest } from '../../transport';
import { showForResource } from '../../descriptors/operation';

export const description = updateDisplayOptions(showForResource('shareTemplate')('delete'), [
	{
		...idLocator({
			name: 'shareTemplateId',
			displayName: 'Share Template',
			recordName: 'share template',
			searchListMethod: 'searchShareTemplates',
		}),
		description:
			'The share template to delete; when it is the default, the service makes another one the default',
	},
]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getId(this, itemIndex, 'shareTemplateId', 'Share Template');
	await apiRequest(this, { method: 'DELETE', path: `/project/share-templates/${id}`, itemIndex });
	return deletedItems(id);
}
