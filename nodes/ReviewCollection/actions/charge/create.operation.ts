import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { textField as text } from '../../descriptors/fields';
import { collectionBody } from '../../helpers/params';
import { envelopeItems } from '../../helpers/output';
import { toCurrency, toInteger } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { byCustomerIn } from '../concurrency';
import { showFor } from './shared';
import type { OperationOption } from '../types';

const properties: INodeProperties[] = [
	{
		displayName: 'Amount',
		name: 'amount',
		type: 'number',
		required: true,
		default: 0,
		description: 'Whole amount in the smallest currency unit, e.g. 2599 for 25.99 USD',
	},
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'string',
		required: true,
		default: 'USD',
		placeholder: 'e.g. USD',
		description: 'Three-letter ISO currency code (sent in upper case)',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		options: [
			{
				...text('Charged At', 'chargedAt', 'When the charge happened. Default: now.'),
				type: 'dateTime',
			},
			{
				...text('Email', 'email', 'Finds the customer, or creates it (give an email or a phone)'),
				placeholder: 'name@email.com',
			},
			text('Location Slug', 'locationSlug', 'An existing location of the project'),
			text('Phone', 'phone', 'Finds the customer when no email matches, or creates it'),
		],
	},
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Create a charge',
	description:
		'Record a charge (a purchase) given an amount in the smallest currency unit and a 3-letter currency code, optionally with the customer email or phone; returns the charge',
};

export const lane = byCustomerIn('additionalFields');

export const description = updateDisplayOptions(showFor('create'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const amount = toInteger(this, itemIndex, 'Amount', this.getNodeParameter('amount', itemIndex));
	const currency = toCurrency(this, itemIndex, this.getNodeParameter('currency', itemIndex));
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = {
		amount,
		currency,
		...collectionBody(this, itemIndex, fields, { instants: ['chargedAt'] }),
	};
	const envelope = await apiRequest(this, {
		method: 'POST',
		path: '/project/charges',
		body,
		itemIndex,
	});
	return envelopeItems(this, envelope);
}
