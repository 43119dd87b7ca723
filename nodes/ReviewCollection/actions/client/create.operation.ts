import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { additionalFieldsCollection } from '../../descriptors/fields';
import { recordItems } from '../../helpers/output';
import { getRequiredString } from '../../helpers/params';
import { checkEmail, toIdList } from '../../helpers/validation';
import { idListField, roleSlugField, showFor, toRequiredIdList } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		default: '',
		description: 'Address the invitation is sent to',
	},
	{
		...idListField(
			'Project IDs',
			'projectIds',
			'Comma-separated IDs of the projects the client may access (or an array from an expression)',
		),
		required: true,
	},
	additionalFieldsCollection([
		roleSlugField,
		idListField(
			'Section IDs',
			'sectionIds',
			'Comma-separated IDs of the product sections the client may access',
		),
	]),
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Invite a client user',
	description:
		'Invite a client user given an email address and project IDs (numbers, comma-separated); returns the client user',
};

export const description = updateDisplayOptions(showFor('create'), properties);

/** Invites a client user. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const email = checkEmail(
		this,
		itemIndex,
		'Email',
		getRequiredString(this, itemIndex, 'email', 'Email'),
	);
	const projectIds = toRequiredIdList(
		this,
		itemIndex,
		'Project IDs',
		this.getNodeParameter('projectIds', itemIndex),
	);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = { email, project_ids: projectIds };
	const role = String(fields.roleSlug ?? '').trim();
	if (role) body.role_slug = role;
	if (fields.sectionIds !== undefined && fields.sectionIds !== '') {
		body.section_ids = toIdList(this, itemIndex, 'Section IDs', fields.sectionIds);
	}
	return await recordItems(this, {
		execution,
		method: 'POST',
		path: '/agency/clients',
		body,
		itemIndex,
	});
}
