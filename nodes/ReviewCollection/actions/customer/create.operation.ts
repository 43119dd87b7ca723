import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	additionalFieldsCollection,
	tagSlugsField,
	textField as text,
} from '../../descriptors/fields';
import { collectionBody } from '../../helpers/params';
import { recordItems } from '../../helpers/output';
import { checkEmail } from '../../helpers/validation';
import { byCustomerIn } from '../concurrency';
import { showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	additionalFieldsCollection([
		text('Address Line 1', 'address1'),
		text('Address Line 2', 'address2'),
		text('City', 'city'),
		text('Company', 'company'),
		{ ...text('Email', 'email'), placeholder: 'name@email.com' },
		text('First Name', 'firstName'),
		text('Last Name', 'lastName'),
		text('Location Slug', 'locationSlug', 'An existing location of the project'),
		{ ...text('Notes', 'notes', 'Internal notes'), typeOptions: { rows: 4 } },
		text('Phone', 'phone'),
		text(
			'Photo URL',
			'photoUrl',
			'Public image URL, downloaded and stored as the customer photo before the customer is created',
		),
		text('Postal Code', 'postalCode'),
		{
			...text('Signed Up At', 'signedUpAt', 'When the customer signed up. Default: now.'),
			type: 'dateTime',
		},
		text('State', 'state'),
		tagSlugsField('Comma-separated tag slugs (or an array from an expression)'),
	]),
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Create a customer',
	description:
		'Create a customer from optional name, email, phone, company, address, notes, location and tag slugs; returns the new customer',
};

export const lane = byCustomerIn('additionalFields');

export const description = updateDisplayOptions(showFor('create'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const fields = { ...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject) };
	if (typeof fields.email === 'string') fields.email = fields.email.trim();
	if (fields.email) checkEmail(this, itemIndex, 'Email', fields.email as string);
	const body = collectionBody(this, itemIndex, fields, {
		instants: ['signedUpAt'],
		lists: ['tagSlugs'],
	});
	return await recordItems(this, {
		execution,
		method: 'POST',
		path: '/project/customers',
		body,
		itemIndex,
	});
}
