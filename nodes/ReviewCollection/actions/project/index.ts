import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
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
			operationOption(
				'Create',
				'create',
				'Create an agency project given its name (3 to 50 characters); returns the new project',
			),
			operationOption(
				'Delete',
				'delete',
				'Delete an agency project (client offboarding) given its ID (a number); returns deleted true and the ID',
			),
			operationOption(
				'Duplicate',
				'duplicate',
				'Create a project with the configuration of another given the source project ID (a number) and a new name; returns the new project',
			),
			operationOption(
				'Get Key',
				'getKey',
				'Get the Project API secret key of a project given its ID (a number); returns the key',
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many projects of the agency; returns one item per project',
			),
			operationOption(
				'Rotate Key',
				'rotateKey',
				'Issue a new Project API secret key given the project ID (a number); the old key stops working at once; returns the new key',
			),
			operationOption(
				'Suspend',
				'suspend',
				'Block a project from operating, keeping its data, given its ID (a number); returns the project',
			),
			operationOption(
				'Unsuspend',
				'unsuspend',
				'Restore a suspended project given its ID (a number); returns the project',
			),
			operationOption(
				'Update Overrides',
				'updateOverrides',
				'Change the allowances, send limits and features of a project given its ID (a number); returns the project',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
