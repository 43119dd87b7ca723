import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as create from './create.operation';
import * as deleteProject from './delete.operation';
import * as duplicate from './duplicate.operation';
import * as getAll from './getAll.operation';
import * as getKey from './getKey.operation';
import * as rotateKey from './rotateKey.operation';
import * as suspend from './suspend.operation';
import * as unsuspend from './unsuspend.operation';
import * as updateOverrides from './updateOverrides.operation';

export const operations: Record<string, Operation> = {
	create,
	delete: deleteProject,
	duplicate,
	getAll,
	getKey,
	rotateKey,
	suspend,
	unsuspend,
	updateOverrides,
};

export const description: INodeProperties[] = [
	operationProperty(
		'project',
		[
			{ name: 'Create', value: 'create', action: 'Create a project' },
			{ name: 'Delete', value: 'delete', action: 'Delete a project', description: 'Remove a project (client offboarding)' },
			{ name: 'Duplicate', value: 'duplicate', action: 'Duplicate a project', description: 'Create a new project with the configuration of another' },
			{ name: 'Get Key', value: 'getKey', action: 'Get the secret key of a project', description: 'Read the secret key of the Project API' },
			{ name: 'Get Many', value: 'getAll', action: 'Get many projects', description: 'List the projects of the agency' },
			{ name: 'Rotate Key', value: 'rotateKey', action: 'Rotate the secret key of a project', description: 'Issue a new secret key; the old one stops working at once' },
			{ name: 'Suspend', value: 'suspend', action: 'Suspend a project', description: 'Block the project from operating; its data is kept' },
			{ name: 'Unsuspend', value: 'unsuspend', action: 'Unsuspend a project', description: 'Restore access to a suspended project' },
			{ name: 'Update Overrides', value: 'updateOverrides', action: 'Update the overrides of a project', description: 'Change allowances, send limits and features' },
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
