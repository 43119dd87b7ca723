import { resourceOperations } from '../operationList';
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

export const { operations, description } = resourceOperations('customer', 'getAll', [
	archive,
	cancelUnsentMessages,
	create,
	deleteCustomer,
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
]);
