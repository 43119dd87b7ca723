import { resourceOperations } from '../operationList';
import * as checkService from './checkService.operation';

/** Diagnostics: read-only operations that tell how the service and the package get on. */
export const { operations, description } = resourceOperations('diagnostics', 'checkService', [
	checkService,
]);

/**
 * Its name in the Resource list: the contract's (§11). "Diagnostics" is one field, as "Analytics" is,
 * which n8n's lint rule for plural resource names would read as a plural.
 */
export const RESOURCE_NAME = 'Diagnostics';
