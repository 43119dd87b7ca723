import type { INodeProperties } from 'n8n-workflow';

import { operationOption, operationProperty } from '../../descriptors/operation';
import type { Operation } from '../router';
import * as archive from './archive.operation';
import * as cancelUnsentMessages from './cancelUnsentMessages.operation';
import * as create from './create.operation';
import * as deleteCustomer from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getCharges from './getCharges.operation';
import * as getMessages from './getMessages.operation';
import * as getReviews from './getReviews.operation';
import * as resubscribe from './resubscribe.operation';
import * as setNotes from './setNotes.operation';
import * as setPhoto from './setPhoto.operation';
import * as setTags from './setTags.operation';
import * as unarchive from './unarchive.operation';
import * as unsubscribe from './unsubscribe.operation';

export const operations: Record<string, Operation> = {
	archive,
	cancelUnsentMessages,
	create,
	delete: deleteCustomer,
	get,
	getAll,
	getCharges,
	getMessages,
	getReviews,
	resubscribe,
	setNotes,
	setPhoto,
	setTags,
	unarchive,
	unsubscribe,
};

export const description: INodeProperties[] = [
	operationProperty(
		'customer',
		[
			operationOption(
				'Archive',
				'archive',
				'Archive a customer given its ID (a number); returns success and the ID',
			),
			operationOption(
				'Cancel Unsent Messages',
				'cancelUnsentMessages',
				'Cancel every review request not yet sent to a customer given its ID (a number); returns success and the ID',
			),
			operationOption(
				'Create',
				'create',
				'Create a customer from optional name, email, phone, company, address, notes, location and tag slugs; returns the new customer',
			),
			operationOption(
				'Delete',
				'delete',
				'Delete a customer given its ID (a number); returns deleted true and the ID',
			),
			operationOption(
				'Get',
				'get',
				'Get one customer given its ID (a number); returns the customer with contact details, location and tags',
			),
			operationOption(
				'Get Charges',
				'getCharges',
				'Get the charges (purchases) of a customer given its ID (a number); returns one item per charge',
			),
			operationOption(
				'Get Many',
				'getAll',
				'Get many customers, optionally filtered by email, free-text search, tag or date; returns one item per customer',
			),
			operationOption(
				'Get Messages',
				'getMessages',
				'Get the review-request emails and texts sent to a customer given its ID (a number); returns one item per message',
			),
			operationOption(
				'Get Reviews',
				'getReviews',
				'Get the reviews a customer has left given the customer ID (a number); returns one item per review',
			),
			operationOption(
				'Resubscribe',
				'resubscribe',
				'Let a customer receive review requests again given its ID (a number); returns success and the ID',
			),
			operationOption(
				'Set Notes',
				'setNotes',
				'Replace the internal notes of a customer given its ID (a number) and plain text; returns success and the ID',
			),
			operationOption(
				'Set Photo',
				'setPhoto',
				"Set a customer's photo from a public image URL (empty removes it) given the customer ID (a number); returns the customer",
			),
			operationOption(
				'Set Tags',
				'setTags',
				'Replace all tags of a customer given its ID (a number) and comma-separated tag slugs (empty clears them); returns the customer and its tags',
			),
			operationOption(
				'Unarchive',
				'unarchive',
				'Restore an archived customer given its ID (a number); returns success and the ID',
			),
			operationOption(
				'Unsubscribe',
				'unsubscribe',
				'Stop review requests to a customer given its ID (a number); returns success and the ID',
			),
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
