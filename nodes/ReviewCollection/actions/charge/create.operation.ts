import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, textField as text } from '../../descriptors/fields';
import { collectionBody } from '../../helpers/params';
import { envelopeItems } from '../../helpers/output';
import { invalid, toCurrency, toInteger } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { byCustomerIn } from '../concurrency';
import { contactOf } from './contact';
import { customerIdsOf, findRecordedCharge, noteRecorded, outsideListReads } from './find-recorded';
import { momentOf } from './moment';
import { showFor } from './shared';
import { customerLanes } from '../sync-customer';
import type { OperationOption } from '../types';
import type { ActionExecution } from '../execution';

const SKIP_EXISTING = 'Skip If Already Recorded';

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
	optionsCollection([
		{
			displayName: SKIP_EXISTING,
			name: 'skipExisting',
			type: 'boolean',
			default: false,
			description:
				'Whether to first look for a charge of this customer with the same amount, currency and Charged At (to the second) and, if there is one, output it with skipped: true instead of recording it again. Makes a sync that failed half-way safe to run again. Needs Charged At and an email or phone.',
		},
	]),
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Create a charge',
	description:
		'Record a charge (a purchase) given an amount in the smallest currency unit and a 3-letter currency code, optionally with the customer email or phone; returns the charge',
};

/** Under Skip If Already Recorded, also the customers the service resolves the item to. */
export const lane = byCustomerIn('additionalFields', async (ctx, itemIndex, given, execution) => {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (options.skipExisting !== true) return [];
	return customerLanes(await customerIdsOf(ctx, itemIndex, execution, given));
});

export const description = updateDisplayOptions(showFor('create'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
): Promise<INodeExecutionData[]> {
	const amount = toInteger(this, itemIndex, 'Amount', this.getNodeParameter('amount', itemIndex));
	const currency = toCurrency(this, itemIndex, this.getNodeParameter('currency', itemIndex));
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {
		amount,
		currency,
		...collectionBody(this, itemIndex, fields, { instants: ['chargedAt'] }),
	};
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const skipExisting = options.skipExisting === true;
	const wanted = skipExisting
		? {
				amount,
				currency,
				moment: momentOf(body.charged_at) ?? invalidChargedAt(this, itemIndex),
				given: givenOrFail(this, itemIndex, fields),
			}
		: undefined;
	const found = wanted ? await findRecordedCharge(this, itemIndex, execution, wanted) : undefined;
	if (found?.recorded) return [{ json: { ...found.recorded, skipped: true } }];
	const envelope = await outsideListReads(execution, async () =>
		apiRequest(this, { execution, method: 'POST', path: '/project/charges', body, itemIndex }),
	);
	const items = envelopeItems(this, envelope);
	if (wanted && found)
		noteRecorded(this, itemIndex, execution, wanted, items[0].json, found.customerIds);
	return items;
}

/** Without a Charged At there is nothing to compare with: every run would record a new charge. */
function invalidChargedAt(ctx: IExecuteFunctions, itemIndex: number): never {
	throw invalid(ctx, itemIndex, 'Charged At', `is needed with ${SKIP_EXISTING}`);
}

/** What names the customer the service will charge: an email, else a phone. */
function givenOrFail(ctx: IExecuteFunctions, itemIndex: number, fields: IDataObject) {
	const contact = contactOf(fields.email, fields.phone);
	if (contact.email === '' && contact.phone === '')
		throw invalid(ctx, itemIndex, 'Email', `an email or a phone is needed with ${SKIP_EXISTING}`);
	return { email: fields.email, phone: fields.phone };
}
