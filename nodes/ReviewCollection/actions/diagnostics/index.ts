import type { INodePropertyOptions } from 'n8n-workflow';

import { resourceOperations } from '../operationList';
import * as checkService from './checkService.operation';

/** Diagnostics: read-only operations that tell how the service and the package get on. */
export const { operations, description } = resourceOperations('diagnostics', 'checkService', [
	checkService,
]);

/**
 * Its entry in the Resource list. The name is the contract's (§11): "Diagnostics" is one field, as
 * "Analytics" is, which n8n's lint rule for plural resource names reads as a plural.
 */
export const resourceOption: INodePropertyOptions = {
	name: 'Diagnostics',
	value: 'diagnostics',
	description: "Check the service against the package's guesses (read-only)",
};
