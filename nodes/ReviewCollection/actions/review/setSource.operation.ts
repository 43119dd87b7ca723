import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { sourceSlugLocator } from '../../descriptors/locators';
import { slugOf } from '../../helpers/params';
import { successItems } from '../../helpers/output';
import { invalid } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { getReviewId, reviewIdParameter, reviewIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	reviewIdProperty,
	sourceSlugLocator({
		name: 'sourceSlug',
		required: true,
		description:
			'The review source to move the review to: pick it from the list, or give its slug (lowercase, e.g. google)',
	}),
];

export const option: OperationOption = {
	name: 'Set Source',
	value: 'setSource',
	action: 'Set source of a review',
	description:
		'Set where a review came from given the review ID (a number) and the source slug (e.g. google); returns success and the ID',
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('setSource'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const slug = slugOf(this.getNodeParameter('sourceSlug', itemIndex, '', { extractValue: true }));
	if (slug === '') throw invalid(this, itemIndex, 'Source', 'is required and must not be empty');
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/reviews/${id}/source`,
		body: { source_slug: slug },
		itemIndex,
	});
	return successItems(id);
}
