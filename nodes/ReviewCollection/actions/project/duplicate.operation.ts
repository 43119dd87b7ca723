import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOrSuccessItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getProjectName, getProjectId, projectIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	{ ...projectIdProperty, description: 'The project whose configuration is copied' },
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Acme Bakery Uptown',
		description: 'Name of the new project, 3 to 50 characters',
	},
];

export const option: OperationOption = {
	name: 'Duplicate',
	value: 'duplicate',
	action: 'Duplicate a project',
	description:
		'Create a project with the configuration of another given the source project ID (a number) and a new name; returns the new project',
};

export const description = updateDisplayOptions(showFor('duplicate'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const name = getProjectName(this, itemIndex);
	const id = getProjectId(this, itemIndex);
	const envelope = await apiRequest(this, {
		execution,
		method: 'POST',
		path: `/agency/projects/${id}/duplicate`,
		body: { name },
		itemIndex,
	});
	return recordOrSuccessItems(this, envelope, id);
}
