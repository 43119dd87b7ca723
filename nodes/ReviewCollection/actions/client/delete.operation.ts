import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { clientIdProperty, getClientId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Remove a client user',
	description:
		"Remove a client user's access given the client ID (a number); returns deleted true and the ID",
};

export const description = updateDisplayOptions(showFor('delete'), [clientIdProperty]);

/** Removes the client's access. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getClientId(this, itemIndex);
	await apiRequest(this, { execution, method: 'DELETE', path: `/agency/clients/${id}`, itemIndex });
	return deletedItems(id);
}
