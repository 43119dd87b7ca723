import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection } from './fields';
import { labelOf } from '../helpers/params';

/** Return All / Limit, as on every n8n "Get Many". */
export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** Date range filter fields (`date_key`, `date_from`, `date_to`) for a filters collection. */
export function dateFilterFields(dateKeys: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Date Field',
			name: 'dateKey',
			type: 'options',
			options: dateKeys.map((key) => ({ name: labelOf(key), value: key })),
			default: 'created_at',
			description: 'Which date the From/To range applies to',
		},
		{
			displayName: 'Date From',
			name: 'dateFrom',
			type: 'dateTime',
			default: '',
			description: 'First day to include (inclusive)',
			hint: 'Only the date counts: any time of day you pick is ignored',
		},
		{
			displayName: 'Date To',
			name: 'dateTo',
			type: 'dateTime',
			default: '',
			description: 'Last day to include (inclusive); must not be before Date From',
			hint: 'Only the date counts: any time of day you pick is ignored',
		},
	];
}

/**
 * Sort field and direction for an options collection. `description` says what the keys are (the
 * record's own field names) and what order applies without one.
 */
export function sortFields(sortKeys: string[], description: string): INodeProperties[] {
	const [defaultKey] = sortKeys;
	return [
		{
			displayName: 'Sort By',
			name: 'sortKey',
			type: 'options',
			options: sortKeys.map((key) => ({ name: labelOf(key), value: key })),
			default: defaultKey,
			description,
		},
		{
			displayName: 'Sort Direction',
			name: 'sortDirection',
			type: 'options',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
			default: 'desc',
		},
	];
}

/** Extra query parameters sent as-is, to reach any filter the API has under another name (README, "Operations"). */
export const queryParametersField: INodeProperties = {
	displayName: 'Query Parameters',
	name: 'queryParameters',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add parameter',
	default: {},
	description: 'Extra query parameters sent as they are; they override the fields above',
	options: [
		{
			displayName: 'Parameter',
			name: 'parameter',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '' },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

/** The Filters collection of a Get Many. */
export function filtersCollection(filters: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		options: filters,
	};
}

/** The Options collection of a Get Many: sorting where the API sorts, and extra query parameters. */
export function listOptionsCollection(
	sortKeys: string[] = [],
	sortDescription = '',
): INodeProperties {
	return optionsCollection([
		...(sortKeys.length ? sortFields(sortKeys, sortDescription) : []),
		queryParametersField,
	]);
}

export function optionsOf(values: string[]): INodePropertyOptions[] {
	return values.map((value) => ({ name: labelOf(value), value }));
}
