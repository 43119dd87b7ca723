import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordItems } from '../../helpers/output';
import { getProjectName, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Acme Bakery',
		description: 'Name of the new project, 3 to 50 characters',
	},
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Create a project',
	description:
		'Create an agency project given its name (3 to 50 characters); returns the new project',
};

export const description = updateDisplayOptions(showFor('create'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const name = getProjectName(this, itemIndex);
	return await recordItems(this, {
		execution,
		method: 'POST',
		path: '/agency/projects',
		body: { name },
		itemIndex,
	});
}
