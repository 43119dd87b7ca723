import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	dateFilterFields,
	filtersCollection,
	listOptionsCollection,
	returnAllAndLimit,
} from '../../descriptors/list';
import { simplifyProperty } from '../../descriptors/simplify';
import type { AnswerChecks } from '../../helpers/answer-checks';
import { slugStartsWith, textIs } from '../../helpers/answer-checks';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { channelFilterField, MESSAGE_TIMESTAMPS, showFor, templateFilterField } from './shared';
import type { OperationOption } from '../types';
import { GUESSES } from '../../transport/guesses';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('message'),
	filtersCollection([
		...dateFilterFields(MESSAGE_TIMESTAMPS),
		channelFilterField,
		{
			displayName: 'Status',
			name: 'status',
			// The spec names a delivery status filter but no status: typed, never offered as if known
			// (contract §10). A value saved when this was a list is a string, sent as before.
			type: 'string',
			default: '',
			placeholder: 'e.g. delivered',
			description:
				"Delivery status as the service names it. The values are not published: 'delivered' is an example, not a known value.",
		},
		templateFilterField,
	]),
	listOptionsCollection(
		MESSAGE_TIMESTAMPS,
		"The message timestamp to sort by (the record's own field); without it the service's own order applies",
	),
];

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many messages',
	description:
		'Get many review-request emails and texts, optionally filtered by date, channel, template or delivery status; returns one item per message',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), properties);

/**
 * What a message shows of what was asked (spec 2.8), checked in every answer: its channel, its
 * template's slug (the filter is a prefix), the date key's field and the sort key's field (the spec
 * gives no default direction for messages: without one, either order passes, not a mix). Status is
 * not checked: a message has no status field, and what each status means is the service's.
 */
const checks: AnswerChecks = {
	record: 'message',
	filters: [
		{ filter: GUESSES.messageChannel.name, label: 'Channel', test: textIs('channel') },
		{
			filter: GUESSES.messageTemplate.name,
			label: 'Template',
			test: slugStartsWith('template'),
		},
	],
	dateField: { dateKey: true },
	sort: {},
};

export const execute = getManyExecute({
	path: '/project/messages',
	paginated: true,
	simplify: 'message',
	checks,
});
