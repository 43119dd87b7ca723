import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as create from './create.operation';
import * as createShareImage from './createShareImage.operation';
import * as deleteReview from './delete.operation';
import * as flagDuplicate from './flagDuplicate.operation';
import * as flagHidden from './flagHidden.operation';
import * as getAll from './getAll.operation';
import * as markReplied from './markReplied.operation';
import * as reply from './reply.operation';
import * as setLocation from './setLocation.operation';
import * as setSource from './setSource.operation';
import * as setTags from './setTags.operation';

export const operations: Record<string, Operation> = {
	create,
	createShareImage,
	delete: deleteReview,
	flagDuplicate,
	flagHidden,
	getAll,
	markReplied,
	reply,
	setLocation,
	setSource,
	setTags,
};

export const description: INodeProperties[] = [
	operationProperty(
		'review',
		[
			operationOption(
				'Create',
				'create',
				'Create a review from a score (1 to 5) and optional reviewer, text, date, source, location and tag slugs; returns the new review',
			),
			operationOption(
				'Create Share Image',
				'createShareImage',
				'Render a PNG share image of a review given its ID (a number); returns the image ID and link',
			),
			operationOption(
				'Delete',
				'delete',
				'Delete a review given its ID (a number); returns deleted true and the ID',
			),
			operationOption(
				'Flag Duplicate',
				'flagDuplicate',
				'Flag or unflag a review as a duplicate given its ID (a number); returns success and the ID',
			),
			operationOption(
				'Flag Hidden',
				'flagHidden',
				'Hide a review from public displays or show it again given its ID (a number); returns success and the ID',
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many reviews, newest first, optionally filtered by date, score, source, location or tag; returns one item per review',
			),
			operationOption(
				'Mark Replied',
				'markReplied',
				'Mark a review as replied or not replied given its ID (a number), keeping the reply text; returns success and the ID',
			),
			operationOption(
				'Reply',
				'reply',
				"Publish the owner's plain-text reply to a review given its ID (a number) and the text, replacing any earlier reply; returns the ID and the reply sent",
			),
			operationOption(
				'Set Location',
				'setLocation',
				'Move a review to a location given the review ID (a number) and the location slug; returns success and the ID',
			),
			operationOption(
				'Set Source',
				'setSource',
				'Set where a review came from given the review ID (a number) and the source slug (e.g. google); returns success and the ID',
			),
			operationOption(
				'Set Tags',
				'setTags',
				'Replace all tags of a review given its ID (a number) and comma-separated tag slugs (empty clears them); returns success and the ID',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
