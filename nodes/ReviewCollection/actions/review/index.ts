import { resourceOperations } from '../operationList';
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

export const { operations, description } = resourceOperations('review', 'getAll', [
	create,
	createShareImage,
	deleteReview,
	flagDuplicate,
	flagHidden,
	getAll,
	markReplied,
	reply,
	setLocation,
	setSource,
	setTags,
]);
