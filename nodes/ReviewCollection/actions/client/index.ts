import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as create from './create.operation';
import * as deleteClient from './delete.operation';
import * as getAll from './getAll.operation';
import * as resendInvite from './resendInvite.operation';
import * as update from './update.operation';

export const operations: Record<string, Operation> = {
	create,
	delete: deleteClient,
	getAll,
	resendInvite,
	update,
};

export const description: INodeProperties[] = [
	operationProperty(
		'client',
		[
			operationOption(
				'Create',
				'create',
				'Invite a client user given an email address and project IDs (numbers, comma-separated); returns the client user',
			),
			operationOption(
				'Delete',
				'delete',
				"Remove a client user's access given the client ID (a number); returns deleted true and the ID",
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many client users of the agency; returns one item per client user',
			),
			operationOption(
				'Resend Invite',
				'resendInvite',
				'Send another invitation to a client user who has not joined given the client ID (a number); returns the client user',
			),
			operationOption(
				'Update',
				'update',
				'Change the role, projects or sections of a client user given the client ID (a number); returns the client user',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
