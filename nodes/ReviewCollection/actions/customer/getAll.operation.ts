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
import { hasTagSlug, textContains } from '../../helpers/answer-checks';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { showFor } from './shared';
import type { OperationOption } from '../types';
import { GUESSES } from '../../transport/guesses';

/** The date fields of a customer record, as the API names them. */
const DATE_KEYS = [
	'created_at',
	'updated_at',
	'signed_up_at',
	'archived_at',
	'unsubscribed_at',
	'first_charged_at',
	'last_charged_at',
	'first_asked_at',
	'last_asked_at',
	'first_messaged_at',
	'last_messaged_at',
	'first_reviewed_at',
	'last_reviewed_at',
];

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('customer'),
	filtersCollection([
		...dateFilterFields(DATE_KEYS),
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Only the customer with this email address',
		},
		{
			displayName: 'Facet',
			name: 'facet',
			type: 'string',
			default: '',
			description:
				"Console-style filter, by the service's own value (the values are not published). Archived customers are left out unless a facet that includes them is chosen.",
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			description: 'Free text matched against name, email, phone and company',
		},
		{ displayName: 'Tag', name: 'tag', type: 'string', default: '', description: 'Tag slug' },
	]),
	listOptionsCollection(
		[
			'created_at',
			'id',
			'name',
			'first_name',
			'last_name',
			'email',
			'company',
			...DATE_KEYS.slice(1),
		],
		"A customer field to sort by (the record's own field names; which ones the service sorts by is not published); without it the service's own order applies",
	),
];

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many customers',
	description:
		'Get many customers, optionally filtered by email, free-text search, tag or date; returns one item per customer',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), properties);

/**
 * What a customer shows of what was asked (spec 2.5), checked in every answer: its email (contains the
 * value: an exact and a partial match both pass), its tags where the list shows them (spec: only on a
 * single read and on create: the first customer is read on its own to check them), the date key's field and the sort key's field
 * (no default direction in the spec). Not checked: the free-text search (which fields it matches is the
 * service's) and the facet (its values are not published).
 */
const checks: AnswerChecks = {
	record: 'customer',
	filters: [
		{ filter: GUESSES.customerEmail.name, label: 'Email', test: textContains('email') },
		{ filter: GUESSES.customerTag.name, label: 'Tag', test: hasTagSlug('tags') },
	],
	dateField: { dateKey: true },
	sort: {},
};

export const execute = getManyExecute({
	path: '/project/customers',
	paginated: true,
	simplify: 'customer',
	checks,
	// The list has no tags: the Tag filter is checked on one customer read on its own.
	readCheck: { filter: GUESSES.customerTag.name, label: 'Tag', test: hasTagSlug('tags') },
});
