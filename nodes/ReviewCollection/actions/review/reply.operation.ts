import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { getRequiredString } from '../../helpers/params';
import { checkLength, toInteger } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import { optionsCollection } from '../../descriptors/fields';
import { byRecord } from '../concurrency';
import { getReviewId, reviewIdParameter, reviewIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

/**
 * The longest reply sent unless the user raises it: 4,096 characters is what Google Business Profile
 * accepts for an owner reply, the platform most reviews come from. The service states no limit.
 */
export const DEFAULT_MAX_REPLY_LENGTH = 4096;

const properties: INodeProperties[] = [
	reviewIdProperty,
	{
		displayName: 'Reply',
		name: 'reply',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description:
			'Plain-text reply (no HTML or Markdown), published on the platform the review came from; replaces an earlier reply; must not be empty, at most 4,096 characters unless Max Reply Length says otherwise',
	},
	optionsCollection([
		{
			displayName: 'Max Reply Length',
			name: 'maxReplyLength',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_MAX_REPLY_LENGTH,
			description:
				'Longest reply (in characters) the node sends; a longer one fails before anything is sent',
		},
	]),
];

export const option: OperationOption = {
	name: 'Reply',
	value: 'reply',
	action: 'Reply to a review',
	description:
		"Publish the owner's plain-text reply to a review given its ID (a number) and the text, replacing any earlier reply; returns the ID and the reply sent",
};

export const lane = byRecord(reviewIdParameter);

export const description = updateDisplayOptions(showFor('reply'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getReviewId(this, itemIndex);
	const reply = getRequiredString(this, itemIndex, 'reply', 'Reply');
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const max = toInteger(
		this,
		itemIndex,
		'Max Reply Length',
		options.maxReplyLength ?? DEFAULT_MAX_REPLY_LENGTH,
		{ min: 1 },
	);
	checkLength(this, itemIndex, 'Reply', reply, { max });
	await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/reviews/${id}/reply`,
		body: { reply },
		itemIndex,
	});
	// What an agent (or the next node) needs to know: which review, and the exact text published.
	return [{ json: { success: true, id, reply } }];
}
