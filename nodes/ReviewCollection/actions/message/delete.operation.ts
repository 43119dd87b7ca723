import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deletedItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { getMessageId, messageIdParameter, messageIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a message',
	description:
		'Delete a review-request message given its ID (a number); returns deleted true and the ID',
};

export const lane = byRecord(messageIdParameter);

export const description = updateDisplayOptions(showFor('delete'), [messageIdProperty]);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getMessageId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'DELETE',
		path: `/project/messages/${id}`,
		itemIndex,
	});
	return deletedItems(id);
}
