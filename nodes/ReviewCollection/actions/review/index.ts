import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
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
			{ name: 'Create', value: 'create', action: 'Create a review', description: 'Add a review (an import or a manual entry)' },
			{ name: 'Create Share Image', value: 'createShareImage', action: 'Create a share image of a review', description: 'Render a PNG card of the review' },
			{ name: 'Delete', value: 'delete', action: 'Delete a review' },
			{ name: 'Flag Duplicate', value: 'flagDuplicate', action: 'Flag a review as duplicate', description: 'Mark or unmark a review as a duplicate' },
			{ name: 'Flag Hidden', value: 'flagHidden', action: 'Flag a review as hidden', description: 'Hide a review from public displays, or show it again' },
			{ name: 'Get Many', value: 'getAll', action: 'Get many reviews', description: 'List reviews with filters' },
			{ name: 'Mark Replied', value: 'markReplied', action: 'Mark a review as replied', description: 'Set or clear the replied date' },
			{ name: 'Reply', value: 'reply', action: 'Reply to a review', description: 'Publish or replace the owner reply' },
			{ name: 'Set Location', value: 'setLocation', action: 'Set the location of a review' },
			{ name: 'Set Source', value: 'setSource', action: 'Set the source of a review' },
			{ name: 'Set Tags', value: 'setTags', action: 'Set the tags of a review', description: 'Replace all tags of a review' },
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
