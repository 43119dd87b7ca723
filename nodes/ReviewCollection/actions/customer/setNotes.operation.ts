import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { customerIdParameter, customerIdProperty, getCustomerId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

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

export const option: OperationOption = {
	name: 'Set Notes',
	value: 'setNotes',
	action: 'Set notes of a customer',
	description:
		'Replace the internal notes of a customer given its ID (a number) and plain text; returns success and the ID',
};

export const lane = byRecord(customerIdParameter);

export const description = updateDisplayOptions(showFor('setNotes'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const notes = String(this.getNodeParameter('notes', itemIndex, '') ?? '');
	const id = getCustomerId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/customers/${id}/notes`,
		body: { notes },
		itemIndex,
	});
	return successItems(id);
}
