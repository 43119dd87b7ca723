import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
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
			{ name: 'Create', value: 'create', action: 'Invite a client user', description: 'Invite a client user to projects of the agency' },
			{ name: 'Delete', value: 'delete', action: 'Delete a client user', description: "Remove a client user's access" },
			{ name: 'Get Many', value: 'getAll', action: 'Get many client users', description: 'List the client users of the agency' },
			{ name: 'Resend Invite', value: 'resendInvite', action: 'Resend the invitation of a client user', description: 'Send another invitation to a client who has not joined' },
			{ name: 'Update', value: 'update', action: 'Update a client user', description: 'Change the role, projects or sections of a client user' },
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
