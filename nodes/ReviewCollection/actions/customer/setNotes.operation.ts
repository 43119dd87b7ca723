import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { customerIdProperty, getCustomerId, showFor } from './shared';

const properties: INodeProperties[] = [
	customerIdProperty,
	{
		displayName: 'Notes',
		name: 'notes',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description: 'Internal notes as plain text, replacing the current ones; empty clears them',
	},
];

export const lane = byRecord('customerId');

export const description = updateDisplayOptions(showFor('setNotes'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const notes = String(this.getNodeParameter('notes', itemIndex, '') ?? '');
	const id = getCustomerId(this, itemIndex);
	await apiRequest(this, {
		method: 'PUT',
		path: `/project/customers/${id}/notes`,
		body: { notes },
		itemIndex,
	});
	return successItems(id);
}
