import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { tagSlugsField } from '../../descriptors/fields';
import { toStringList } from '../../helpers/validation';
import { successItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { byRecord } from '../concurrency';
import { getReviewId, reviewIdParameter, reviewIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	reviewIdProperty,
	tagSlugsField(
		'Comma-separated tag slugs (e.g. complaint,follow-up) that replace all tags of the review; empty removes every tag',
	),
];

export const option: OperationOption = {
	name: 'Set Tags',
	value: 'setTags',
	action: 'Set tags of a review',
	description:
		'Replace all tags of a review given its ID (a number) and comma-separated tag slugs (empty clears them); returns success and the ID',
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('setTags'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const tagSlugs = toStringList(this.getNodeParameter('tagSlugs', itemIndex, ''));
	const id = getReviewId(this, itemIndex);
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/reviews/${id}/tags`,
		body: { tag_slugs: tagSlugs },
		itemIndex,
	});
	return successItems(id);
}
