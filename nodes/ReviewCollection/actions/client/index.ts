import { resourceOperations } from '../operationList';
import * as create from './create.operation';
import * as deleteClient from './delete.operation';
import * as getAll from './getAll.operation';
import * as resendInvite from './resendInvite.operation';
import * as update from './update.operation';

export const { operations, description } = resourceOperations('client', 'getAll', [
	create,
	deleteClient,
	getAll,
	resendInvite,
	update,
]);
