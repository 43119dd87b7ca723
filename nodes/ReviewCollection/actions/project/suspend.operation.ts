import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { onProject, projectIdProperty, showFor } from './shared';

export const description = updateDisplayOptions(showFor('suspend'), [projectIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await onProject(this, itemIndex, 'PUT', '/suspend');
}
