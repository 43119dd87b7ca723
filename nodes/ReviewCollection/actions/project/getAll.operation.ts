import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../descriptors/list';
import { getLimit } from '../../helpers/params';
import { apiRequestAllItems } from '../../transport';
import { showFor } from './shared';

export const description = updateDisplayOptions(showFor('getAll'), returnAllAndLimit);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	// The API answers every project at once; Limit only cuts the answer.
	const records = await apiRequestAllItems(this, {
		path: '/agency/projects',
		limit: getLimit(this, itemIndex),
		paginated: false,
		itemIndex,
	});
	return this.helpers.returnJsonArray(records);
}
