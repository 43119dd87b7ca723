import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { tagSlugsField } from '../../descriptors/fields';
import { recordOrSuccessItems } from '../../helpers/output';
import { toStringList } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { customerIdParameter, customerIdProperty, getCustomerId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	customerIdProperty,
	tagSlugsField(
		'Comma-separated tag slugs that replace all tags of the customer; empty removes every tag',
	),
];

export const option: OperationOption = {
	name: 'Set Tags',
	value: 'setTags',
	action: 'Set tags of a customer',
	description:
		'Replace all tags of a customer given its ID (a number) and comma-separated tag slugs (empty clears them); returns the customer and its tags',
};

export const lane = byRecord(customerIdParameter);

export const description = updateDisplayOptions(showFor('setTags'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getCustomerId(this, itemIndex);
	const tagSlugs = toStringList(this.getNodeParameter('tagSlugs', itemIndex, ''));
	const envelope = await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/customers/${id}/tags`,
		body: { tag_slugs: tagSlugs },
		itemIndex,
	});
	// The answer is the customer summary with its tags.
	return recordOrSuccessItems(this, envelope, id);
}
