import type { INodeProperties } from 'n8n-workflow';

import { projectAuthenticationProperties } from '../ReviewCollection/descriptors/common';
import {
	channelFilterField,
	customerTagFilterField,
	reviewFilterFields,
	templateFilterField,
} from '../ReviewCollection/descriptors/filters';
import { filtersCollection, queryParametersField } from '../ReviewCollection/descriptors/list';
import { requestOptionsProperty } from '../ReviewCollection/descriptors/requestOptions';
import { simplifyProperty } from '../ReviewCollection/descriptors/simplify';
import { optionsCollection } from '../ReviewCollection/descriptors/fields';
import type { ListKind, TriggerEvent } from './events';
import { EVENTS, TRIGGER_EVENTS } from './events';

const EVENT_OPTIONS: Record<TriggerEvent, { name: string; description: string }> = {
	newReview: {
		name: 'New Review',
		description: 'A review appears in the project, also one imported with an older review date',
	},
	reviewReplied: {
		name: 'Review Replied',
		description: 'A review is marked as replied (again when it is marked replied at a later time)',
	},
	newMessage: {
		name: 'New Message',
		description: 'The service creates a review-request message (email or SMS)',
	},
	messageDelivered: {
		name: 'Message Delivered',
		description: 'A review-request message is delivered',
	},
	messageOpened: { name: 'Message Opened', description: 'A review-request email is opened' },
	messageClicked: {
		name: 'Message Clicked',
		description: 'The link in a review-request message is clicked',
	},
	messageFailed: {
		name: 'Message Failed',
		description: 'A review-request message fails to be delivered',
	},
	newCustomer: { name: 'New Customer', description: 'A customer is added to the project' },
	customerUnsubscribed: {
		name: 'Customer Unsubscribed',
		description: 'A customer unsubscribes from review requests',
	},
};

export const EVENT_NAMES = Object.fromEntries(
	TRIGGER_EVENTS.map((event) => [event, EVENT_OPTIONS[event].name]),
) as Record<TriggerEvent, string>;

const eventsOf = (kind: ListKind) => TRIGGER_EVENTS.filter((event) => EVENTS[event].kind === kind);

const FILTER_FIELDS: Record<ListKind, INodeProperties[]> = {
	reviews: reviewFilterFields,
	messages: [channelFilterField, templateFilterField],
	customers: [customerTagFilterField],
};

const SIMPLIFY_KIND = { reviews: 'review', messages: 'message', customers: 'customer' } as const;

/** Request Options of the trigger: one request at a time, so no Concurrency. */
const triggerRequestOptions: INodeProperties = {
	...requestOptionsProperty,
	options: (requestOptionsProperty.options ?? []).filter((option) => option.name !== 'concurrency'),
};

/** Parameters of the trigger (contract §4, §7). */
export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: TRIGGER_EVENTS.map((event) => ({ ...EVENT_OPTIONS[event], value: event })),
		default: 'newReview',
	},
	...projectAuthenticationProperties({}, 'The project to watch with the agency key').slice(0, 1),
	{
		displayName: 'Projects',
		name: 'projectScope',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'One Project', value: 'one', description: 'Watch the project chosen below' },
			{
				name: 'All Projects',
				value: 'all',
				description:
					'Watch every project of the agency (new ones included); each item carries its project. Costs one request per project per poll.',
			},
		],
		default: 'one',
		displayOptions: { show: { authentication: ['agencyKey'] } },
	},
	...projectAuthenticationProperties(
		{ projectScope: ['one'] },
		'The project to watch with the agency key',
	)
		.slice(1)
		.map((property) => ({
			...property,
			displayOptions: { show: { authentication: ['agencyKey'], projectScope: ['one'] } },
		})),
	...(['reviews', 'messages', 'customers'] as const).map((kind) => ({
		...filtersCollection(FILTER_FIELDS[kind]),
		description: 'Only records that match when the event happens fire',
		displayOptions: { show: { event: eventsOf(kind) } },
	})),
	...(['reviews', 'messages', 'customers'] as const).map((kind) => ({
		...simplifyProperty(SIMPLIFY_KIND[kind]),
		displayOptions: { show: { event: eventsOf(kind) } },
	})),
	optionsCollection([
		{
			...queryParametersField,
			description:
				"Extra query parameters sent with every list request, overriding the trigger's own (sort_key, sort_dir, date_key, date_from, facet) where the service names them differently; page and per_page are the trigger's",
		},
	]),
	triggerRequestOptions,
];

export { SIMPLIFY_KIND };
