import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { clientIdProperty, getClientId, showFor } from './shared';

export const description = updateDisplayOptions(showFor('delete'), [clientIdProperty]);

/** Removes the client's access. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const id = getClientId(this, itemIndex);
	await apiRequest(this, { method: 'DELETE', path: `/agency/clients/${id}`, itemIndex });
	return deletedItems(id);
}
