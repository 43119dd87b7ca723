import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { putOnCustomer, customerIdProperty, showFor } from './shared';

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

export const description = updateDisplayOptions(showFor('setNotes'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const notes = String(this.getNodeParameter('notes', itemIndex, '') ?? '');
	return await putOnCustomer(this, itemIndex, 'notes', { notes });
}
