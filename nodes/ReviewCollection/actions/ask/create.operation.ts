import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OperationOption } from '../types';
import { envelopeItems } from '../../helpers/output';
import { invalid, toInstant, toInteger, toStringList } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { optionsCollection } from '../../descriptors/fields';
import { showForResource } from '../../descriptors/operation';
import { byCustomerIn } from '../concurrency';
import { customerLanes, customersOf } from '../sync-customer';
import type { ActionExecution } from '../execution';

const SKIP_WITHIN = 'Skip If Asked Within (Days)';
const DAY_SECONDS = 86400;

const CHANNELS = ['email', 'sms'];

const properties: INodeProperties[] = [
	{
		displayName: 'Channels',
		name: 'channels',
		type: 'multiOptions',
		options: [
			{ name: 'Email', value: 'email' },
			{ name: 'SMS', value: 'sms' },
		],
		required: true,
		default: ['email'],
		description: 'How to send the review request',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: 'Email address of the customer; needed when Channels has Email',
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +15550100001',
		description: 'Phone number of the customer; needed when Channels has SMS',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		options: [
			{
				displayName: 'Asked At',
				name: 'askedAt',
				type: 'dateTime',
				default: '',
				description: 'When to send the first request. Default: now.',
			},
			{
				displayName: 'Reminders Count',
				name: 'remindersCount',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 1,
				description: 'How many reminders follow the first request',
			},
		],
	},
	optionsCollection([
		{
			displayName: SKIP_WITHIN,
			name: 'skipIfAskedWithinDays',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 365 },
			default: 0,
			description:
				'Whether to leave out a customer (found by email, else phone) last asked within this many days: nothing is sent and the item outputs skipped: true with the customer ID and when they were last asked. 0 = always ask.',
		},
	]),
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Send a review request',
	description:
		'Send a customer a review request by email and/or SMS given the channels and the email address or phone number; returns the ask',
};

/** Under Skip If Asked Within, also the customers the service resolves the item to. */
export const lane = byCustomerIn(undefined, async (ctx, itemIndex, given, execution) => {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	if (!(Number(options.skipIfAskedWithinDays) > 0)) return [];
	const customers = await customersOf(ctx, itemIndex, execution, given);
	return customerLanes(customers.map((customer) => customer.id));
});

export const description = updateDisplayOptions(showForResource('ask')('create'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
): Promise<INodeExecutionData[]> {
	const channels = [...new Set(toStringList(this.getNodeParameter('channels', itemIndex, [])))];
	if (channels.length === 0)
		throw invalid(this, itemIndex, 'Channels', 'choose Email, SMS or both');
	const unknown = channels.find((channel) => !CHANNELS.includes(channel));
	if (unknown !== undefined)
		throw invalid(this, itemIndex, 'Channels', 'must be email or sms', unknown);
	const email = String(this.getNodeParameter('email', itemIndex, '') ?? '').trim();
	const phone = String(this.getNodeParameter('phone', itemIndex, '') ?? '').trim();
	if (channels.includes('email') && email === '') {
		throw invalid(this, itemIndex, 'Email', 'is needed when Channels has Email');
	}
	if (channels.includes('sms') && phone === '') {
		throw invalid(this, itemIndex, 'Phone', 'is needed when Channels has SMS');
	}
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = { channels };
	if (email !== '') body.email = email;
	if (phone !== '') body.phone = phone;
	if (fields.remindersCount !== undefined && fields.remindersCount !== '') {
		body.reminders_count = toInteger(this, itemIndex, 'Reminders Count', fields.remindersCount, {
			min: 0,
		});
	}
	if (fields.askedAt !== undefined && fields.askedAt !== '') {
		body.asked_at = toInstant(this, itemIndex, 'Asked At', fields.askedAt);
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const days = options.skipIfAskedWithinDays;
	const withinDays =
		days === undefined || days === null || days === ''
			? 0
			: toInteger(this, itemIndex, SKIP_WITHIN, days, { min: 0, max: 365 });
	if (withinDays > 0) {
		const since = Math.floor(Date.now() / 1000) - withinDays * DAY_SECONDS;
		const asked = lastAsked(await customersOf(this, itemIndex, execution, { email, phone }));
		if (asked && (asked.last_asked_at as number) >= since) {
			const lastAskedAt = new Date((asked.last_asked_at as number) * 1000).toISOString();
			return [{ json: { skipped: true, customerId: asked.id, lastAskedAt } }];
		}
	}
	const envelope = await apiRequest(this, {
		execution,
		method: 'POST',
		path: '/project/asks',
		body,
		itemIndex,
	});
	// The ask changed the customer's last_asked_at (and may have created the customer).
	if (withinDays > 0) execution.customers.clear();
	return envelopeItems(this, envelope);
}

/** Of the customers an item resolves to (any of them may be the one), the one asked last. */
function lastAsked(customers: IDataObject[]): IDataObject | undefined {
	const asked = customers.filter((customer) => typeof customer.last_asked_at === 'number');
	return asked.sort((a, b) => (b.last_asked_at as number) - (a.last_asked_at as number))[0];
}
