import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOrSuccessItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { clientIdProperty, getClientId, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

export const option: OperationOption = {
	name: 'Resend Invite',
	value: 'resendInvite',
	action: 'Resend the invite of a client user',
	description:
		'Send another invitation to a client user who has not joined given the client ID (a number); returns the client user',
};

export const description = updateDisplayOptions(showFor('resendInvite'), [clientIdProperty]);

/** Sends another invitation to a client who has not joined yet. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getClientId(this, itemIndex);
	const envelope = await apiRequest(this, {
		execution,
		method: 'POST',
		path: `/agency/clients/${id}/resend-invite`,
		itemIndex,
	});
	return recordOrSuccessItems(this, envelope, id);
}
