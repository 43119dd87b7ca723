import { resourceOperations } from '../operationList';
import * as deleteShareTemplate from './delete.operation';
import * as getAll from './getAll.operation';

export const { operations, description } = resourceOperations('shareTemplate', 'getAll', [
	deleteShareTemplate,
	getAll,
]);
