import type { INodeProperties } from 'n8n-workflow';

import { operationProperty } from '../../descriptors/operation';
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
			{ name: 'Archive', value: 'archive', action: 'Archive a customer' },
			{
				name: 'Cancel Unsent Messages',
				value: 'cancelUnsentMessages',
				action: 'Cancel the unsent messages of a customer',
				description: 'Cancel every review request message not yet sent to the customer',
			},
			{ name: 'Create', value: 'create', action: 'Create a customer' },
			{ name: 'Delete', value: 'delete', action: 'Delete a customer' },
			{ name: 'Get', value: 'get', action: 'Get a customer' },
			{ name: 'Get Charges', value: 'getCharges', action: 'Get the charges of a customer' },
			{ name: 'Get Many', value: 'getAll', action: 'Get many customers', description: 'List customers with filters' },
			{ name: 'Get Messages', value: 'getMessages', action: 'Get the messages of a customer' },
			{ name: 'Get Reviews', value: 'getReviews', action: 'Get the reviews of a customer' },
			{ name: 'Resubscribe', value: 'resubscribe', action: 'Resubscribe a customer', description: 'Let the customer receive review requests again' },
			{ name: 'Set Notes', value: 'setNotes', action: 'Set the notes of a customer', description: 'Replace the internal notes' },
			{ name: 'Set Photo', value: 'setPhoto', action: 'Set the photo of a customer', description: 'Set or remove the customer photo' },
			{ name: 'Set Tags', value: 'setTags', action: 'Set the tags of a customer', description: 'Replace all tags of a customer' },
			{ name: 'Unarchive', value: 'unarchive', action: 'Unarchive a customer' },
			{ name: 'Unsubscribe', value: 'unsubscribe', action: 'Unsubscribe a customer', description: 'Stop review requests to the customer' },
		],
		'getAll',
	),
	...Object.values(operations).flatMap((operation) => operation.description),
];
