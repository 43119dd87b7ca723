import { resourceOperations } from '../operationList';
import * as deleteMessage from './delete.operation';
import * as getAll from './getAll.operation';

export const { operations, description } = resourceOperations('message', 'getAll', [
	deleteMessage,
	getAll,
]);
