import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getRequiredString } from '../../helpers/params';
import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { getReviewId, reviewIdParameter, reviewIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Location Slug',
		name: 'locationSlug',
		type: 'string',
		required: true,
		default: '',
		description: 'Slug of an existing location of the project (lowercase, e.g. downtown)',
	},
];

export const option: OperationOption = {
	name: 'Set Location',
	value: 'setLocation',
	action: 'Set location of a review',
	description:
		'Move a review to a location given the review ID (a number) and the location slug; returns success and the ID',
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('setLocation'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const slug = getRequiredString(this, itemIndex, 'locationSlug', 'Location Slug');
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/reviews/${id}/location`,
		body: { location_slug: slug },
		itemIndex,
	});
	return successItems(id);
}
