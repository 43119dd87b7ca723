import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { keyItems, projectIdProperty, showFor } from './shared';

export const description = updateDisplayOptions(showFor('getKey'), [projectIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await keyItems(this, itemIndex, 'GET');
}
