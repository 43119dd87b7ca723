import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordOrSuccessItems } from '../../helpers/output';
import { toIdList } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import {
	clientIdProperty,
	getClientId,
	idListField,
	roleSlugField,
	showFor,
	toRequiredIdList,
} from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	clientIdProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		description: 'Only the fields added here are sent; the others keep their current value',
		options: [
			idListField(
				'Project IDs',
				'projectIds',
				'Comma-separated IDs of the projects the client may access; replaces the current list',
			),
			roleSlugField,
			idListField(
				'Section IDs',
				'sectionIds',
				'Comma-separated IDs of the product sections the client may access; replaces the current list (empty removes all)',
			),
		],
	},
];

export const option: OperationOption = {
	name: 'Update',
	value: 'update',
	action: 'Update a client user',
	description:
		'Change the role, projects or sections of a client user given the client ID (a number); returns the client user',
};

export const description = updateDisplayOptions(showFor('update'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getClientId(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if ('roleSlug' in fields) {
		const role = String(fields.roleSlug ?? '').trim();
		if (role) body.role_slug = role;
	}
	if ('projectIds' in fields) {
		body.project_ids = toRequiredIdList(this, itemIndex, 'Project IDs', fields.projectIds);
	}
	if ('sectionIds' in fields)
		body.section_ids = toIdList(this, itemIndex, 'Section IDs', fields.sectionIds);
	const envelope = await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/agency/clients/${id}`,
		body,
		itemIndex,
	});
	return recordOrSuccessItems(this, envelope, id);
}
