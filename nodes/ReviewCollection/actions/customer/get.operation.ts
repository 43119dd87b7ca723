import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { customerIdProperty, customerPath, showFor } from './shared';

export const description = updateDisplayOptions(showFor('get'), [customerIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const path = customerPath(this, itemIndex);
	const envelope = await apiRequest(this, { method: 'GET', path, itemIndex });
	return envelopeItems(this, envelope);
}
