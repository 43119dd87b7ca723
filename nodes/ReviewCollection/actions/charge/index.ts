import { resourceOperations } from '../operationList';
import * as create from './create.operation';
import * as deleteCharge from './delete.operation';
import * as getAll from './getAll.operation';

export const { operations, description } = resourceOperations('charge', 'getAll', [
	create,
	deleteCharge,
	getAll,
]);
