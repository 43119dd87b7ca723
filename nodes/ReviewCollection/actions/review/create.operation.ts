import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	additionalFieldsCollection,
	tagSlugsField,
	textField as text,
} from '../../descriptors/fields';
import { sourceSlugLocator } from '../../descriptors/locators';
import { collectionBody, slugOf } from '../../helpers/params';
import { recordItems } from '../../helpers/output';
import { toScore } from '../../helpers/validation';
import { byCustomerIn } from '../concurrency';
import { showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Score',
		name: 'score',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 5 },
		required: true,
		default: 5,
		description: 'Rating from 1 to 5',
	},
	additionalFieldsCollection([
		text('Company', 'company'),
		{
			...text(
				'Created At',
				'createdAt',
				'Review date; may lie in the past (imports). Default: now.',
			),
			type: 'dateTime',
		},
		text(
			'Customer Photo URL',
			'customerPhotoUrl',
			'Public image URL, stored as the customer photo before the review is created',
		),
		{
			...text('Email', 'email', 'Finds the customer, or creates it'),
			placeholder: 'name@email.com',
		},
		text('External URL', 'externalUrl', 'Public URL of the review on an external site'),
		text('First Name', 'firstName'),
		text('Last Name', 'lastName'),
		text('Location Slug', 'locationSlug', 'An existing location of the project'),
		text('Phone', 'phone', 'Finds the customer when no email matches, or creates it'),
		{ ...text('Review', 'review', 'Plain-text body'), typeOptions: { rows: 4 } },
		sourceSlugLocator({
			name: 'sourceSlug',
			description: 'An existing review source of the project',
		}),
		tagSlugsField(
			'Comma-separated tag slugs (or an array from an expression), assigned after creation',
		),
	]),
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Create a review',
	description:
		'Create a review from a score (1 to 5) and optional reviewer, text, date, source, location and tag slugs; returns the new review',
};

export const lane = byCustomerIn('additionalFields');

export const description = updateDisplayOptions(showFor('create'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const score = toScore(this, itemIndex, this.getNodeParameter('score', itemIndex));
	const fields = { ...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject) };
	// A locator inside a collection is not unwrapped by n8n: send its slug.
	if (fields.sourceSlug !== undefined) fields.sourceSlug = slugOf(fields.sourceSlug);
	const body = {
		score,
		...collectionBody(this, itemIndex, fields, { instants: ['createdAt'], lists: ['tagSlugs'] }),
	};
	return await recordItems(this, {
		execution,
		method: 'POST',
		path: '/project/reviews',
		body,
		itemIndex,
	});
}
