import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	dateFilterFields,
	filtersCollection,
	listOptionsCollection,
	returnAllAndLimit,
} from '../../descriptors/list';
import type { AnswerChecks } from '../../helpers/answer-checks';
import { getManyExecute } from '../../helpers/getMany';
import { anyOrder } from '../concurrency';
import { showFor } from './shared';
import type { OperationOption } from '../types';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	// Charges are filtered on their charge date only: no Date Field choice.
	filtersCollection(
		dateFilterFields(['charged_at'])
			.filter((field) => field.name !== 'dateKey')
			.map((field) => ({ ...field, description: `${field.description} (date of the charge)` })),
	),
	listOptionsCollection(),
];

export const option: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many charges',
	description:
		'Get many charges, optionally between two dates (YYYY-MM-DD); returns one item per charge',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getAll'), properties);

/** A charge shows its charged_at (ISO 8601, spec 2.7): the date range is checked in every answer. */
const checks: AnswerChecks = { record: 'charge', dateField: { field: 'charged_at' } };

export const execute = getManyExecute({ path: '/project/charges', paginated: true, checks });
