import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { getId } from '../../helpers/params';
import { apiRequest } from '../../transport';
import { showFor, sourceIdProperty } from './shared';

export const description = updateDisplayOptions(showFor('delete'), [sourceIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getId(this, itemIndex, 'sourceId', 'Source');
	await apiRequest(this, { method: 'DELETE', path: `/project/sources/${id}`, itemIndex });
	return deletedItems(id);
}
