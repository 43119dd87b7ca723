import { resourceOperations } from '../operationList';
import * as checkService from './checkService.operation';
import * as explainTrigger from './explainTrigger.operation';

/** Diagnostics: read-only operations that tell how the service, the package and a trigger get on. */
export const { operations, description } = resourceOperations('diagnostics', 'checkService', [
	checkService,
	explainTrigger,
]);

/**
 * Its name in the Resource list: the contract's (§11). "Diagnostics" is one field, as "Analytics" is,
 * which n8n's lint rule for plural resource names would read as a plural.
 */
export const RESOURCE_NAME = 'Diagnostics';
