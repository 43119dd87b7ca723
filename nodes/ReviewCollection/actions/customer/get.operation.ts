import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { customerIdProperty, getCustomerId, showFor } from './shared';

export const description = updateDisplayOptions(showFor('get'), [customerIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	const envelope = await apiRequest(this, { method: 'GET', path: `/project/customers/${id}`, itemIndex });
	return envelopeItems(this, envelope);
}
