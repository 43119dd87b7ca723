import { resourceOperations } from '../operationList';
import * as create from './create.operation';
import * as deleteSource from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const { operations, description } = resourceOperations('source', 'getAll', [
	create,
	deleteSource,
	getAll,
	update,
]);
