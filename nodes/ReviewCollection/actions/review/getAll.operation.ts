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
import { hasTagSlug, numberIs, refIs } from '../../helpers/answer-checks';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { reviewFilterFields, showFor } from './shared';
import type { OperationOption } from '../types';
import { GUESSES } from '../../transport/guesses';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	simplifyProperty('review'),
	filtersCollection([
		// A review's datetime columns (spec 2.3); a value saved before (updated_at) is still sent as it is.
		...dateFilterFields(['created_at', 'replied_at']),
		{
			displayName: 'Facet',
			name: 'facet',
			type: 'string',
			default: '',
			description:
				"Console-style filter, by the service's own value (the values are not published). Duplicate reviews are left out unless the service's duplicate facet is chosen.",
		},
		...reviewFilterFields,
	]),
	// The review's attributes of spec 2.3 that sort ("sort_key (review attribute)").
	listOptionsCollection(
		['created_at', 'id', 'score', 'replied_at'],
		"The review attribute to sort by (the record's own field); without it the newest come first",
	),
];

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many reviews',
	description:
		'Get many reviews, newest first, optionally filtered by date, score, source, location or tag; returns one item per review',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), properties);

/**
 * What a review shows of what was asked (spec 2.3), checked in every answer: score, source and location
 * (by id, slug or uuid), tags (by slug), the date key's field, and the sort key's field (the spec's
 * default direction is desc). The facet is not checked: its values are not published.
 */
const checks: AnswerChecks = {
	record: 'review',
	filters: [
		{ filter: GUESSES.reviewScore.name, label: 'Score', test: numberIs('score') },
		{ filter: GUESSES.reviewSource.name, label: 'Source', test: refIs('source') },
		{ filter: GUESSES.reviewLocation.name, label: 'Location', test: refIs('location') },
		{ filter: GUESSES.reviewTag.name, label: 'Tag', test: hasTagSlug('tags') },
	],
	dateField: { dateKey: true },
	sort: { defaultDirection: 'desc' },
};

export const execute = getManyExecute({
	path: '/project/reviews',
	paginated: true,
	simplify: 'review',
	checks,
});
