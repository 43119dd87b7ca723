import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from './types';

/**
 * A resource's operations, from the list its `index.ts` imports: the map the router looks operations
 * up in (by each file's `option.value`), and the editor's properties (the Operation selector, built
 * from each file's `option`, then every operation's parameters).
 */
export function resourceOperations(
	resource: string,
	defaultOperation: string,
	list: Operation[],
): { operations: Record<string, Operation>; description: INodeProperties[] } {
	const operations: Record<string, Operation> = {};
	for (const operation of list) operations[operation.option.value] = operation;
	const selector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: list.map((operation) => operation.option).sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
	return {
		operations,
		description: [selector, ...list.flatMap((operation) => operation.description)],
	};
}
