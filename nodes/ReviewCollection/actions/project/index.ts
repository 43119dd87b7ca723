import { resourceOperations } from '../operationList';
import * as create from './create.operation';
import * as deleteProject from './delete.operation';
import * as duplicate from './duplicate.operation';
import * as getAll from './getAll.operation';
import * as getKey from './getKey.operation';
import * as rotateKey from './rotateKey.operation';
import * as suspend from './suspend.operation';
import * as unsuspend from './unsuspend.operation';
import * as updateOverrides from './updateOverrides.operation';

export const { operations, description } = resourceOperations('project', 'getAll', [
	create,
	deleteProject,
	duplicate,
	getAll,
	getKey,
	rotateKey,
	suspend,
	unsuspend,
	updateOverrides,
]);
