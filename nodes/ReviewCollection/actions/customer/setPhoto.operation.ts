import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOrSuccessItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { customerIdParameter, customerIdProperty, getCustomerId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	customerIdProperty,
	{
		displayName: 'Photo URL',
		name: 'photoUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/photo.jpg',
		description:
			'Public image URL, downloaded and stored as the customer photo; leave empty to remove the photo',
	},
];

export const option: OperationOption = {
	name: 'Set Photo',
	value: 'setPhoto',
	action: 'Set photo of a customer',
	description:
		"Set a customer's photo from a public image URL (empty removes it) given the customer ID (a number); returns the customer",
};

export const lane = byRecord(customerIdParameter);

export const description = updateDisplayOptions(showFor('setPhoto'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	const url = String(this.getNodeParameter('photoUrl', itemIndex, '') ?? '').trim();
	const envelope = await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/customers/${id}/photo`,
		body: { url: url === '' ? null : url },
		itemIndex,
	});
	// A new photo answers its Image (id, uuid, link); a removal answers no data → { success: true, id }.
	return recordOrSuccessItems(this, envelope, id);
}
