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
import type { ListKind, TriggerEvent } from './events/events';
import { EVENTS, JOIN_EVENTS, LATE_EVENTS, TRIGGER_EVENTS } from './events/events';
import { GUESSES } from '../ReviewCollection/transport/guesses';

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
	reviewUnanswered: {
		name: 'Review Unanswered',
		description:
			'A review still has no reply the set number of hours after it was created (once per review)',
	},
};

/** The event's name as the editor shows it ("New Review"). */
export const eventName = (event: TriggerEvent) => EVENT_OPTIONS[event].name;

const eventsOf = (kind: ListKind) => TRIGGER_EVENTS.filter((event) => EVENTS[event].kind === kind);

const FILTER_FIELDS: Record<ListKind, INodeProperties[]> = {
	reviews: reviewFilterFields,
	messages: [channelFilterField, templateFilterField],
	customers: [customerTagFilterField],
};

const SIMPLIFY_KIND = { reviews: 'review', messages: 'message', customers: 'customer' } as const;

/** Request Options of the trigger: Concurrency (projects read at once) only for All Projects. */
const triggerRequestOptions = (allProjects: boolean): INodeProperties => ({
	...requestOptionsProperty,
	displayOptions: allProjects
		? { show: { authentication: ['agencyKey'], projectScope: ['all'] } }
		: { hide: { projectScope: ['all'] } },
	options: (requestOptionsProperty.options ?? [])
		.filter((option) => allProjects || option.name !== 'concurrency')
		.map((option) =>
			option.name === 'concurrency'
				? {
						...option,
						default: 4,
						typeOptions: { minValue: 1, maxValue: 16 },
						description: 'How many projects are read at once (1–16)',
					}
				: option,
		),
});

const LATE_WINDOW_EVENTS: TriggerEvent[] = [...JOIN_EVENTS, ...LATE_EVENTS];

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
	{
		displayName: 'Hours Without Reply',
		name: 'unansweredHours',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 720 },
		default: 24,
		description:
			'Fire when a review has had no reply for this many hours after it was created (1–720). A review answered before then never fires.',
		displayOptions: { show: { event: ['reviewUnanswered'] } },
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
			displayName: 'Late Event Window (Minutes)',
			name: 'lateEventWindow',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 1440 },
			default: 10,
			description:
				'A moment the service records late, with its real, earlier time (a delivery or open reported by the mail provider after a later one), still fires once if it is at most this many minutes older than the newest one seen; a new review, customer or message the lists show after newer ones (a late commit, a lagging replica) fires once if it is listed within this many minutes of them. 0 = off.',
			displayOptions: { show: { '/event': LATE_WINDOW_EVENTS } },
		},
		{
			displayName: 'Max Events per Poll',
			name: 'maxEventsPerPoll',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 10_000 },
			default: 1_000,
			description:
				'At most this many events per poll (one execution), oldest first; the rest come with the next polls, exactly once. With All Projects the events are shared out across projects, none starved. Fetch Test Event is not affected.',
		},
		{
			displayName: 'Start From',
			name: 'startFrom',
			type: 'dateTime',
			default: '',
			description:
				'When set, the first poll after activation is not silent: it delivers the events since this date and time (for New Review, New Message and New Customer: the records created since then), oldest first, and then goes on as usual',
		},
		{
			...queryParametersField,
			description: `Extra query parameters sent with every list request (changing them starts the trigger afresh). One that changes the list's order (sort_key, ${GUESSES.sortDirection.name}) fails the poll; ${GUESSES.page.name} and ${GUESSES.perPage.name} are the trigger's`,
		},
	]),
	triggerRequestOptions(false),
	triggerRequestOptions(true),
];

export { SIMPLIFY_KIND };
