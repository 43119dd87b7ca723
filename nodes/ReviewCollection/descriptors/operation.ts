import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** The Operation selector of one resource. */
export function operationProperty(
	resource: string,
	options: INodePropertyOptions[],
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
}

/**
 * One entry of an Operation selector. The same sentence is the option's description (the editor's
 * Operation list) and its `action`, which n8n also sends an AI agent as the tool description
 * ("<action> in Review Collection"): what the operation does, what it needs and what it returns.
 */
export function operationOption(name: string, value: string, text: string): INodePropertyOptions {
	return { name, value, action: text, description: text };
}

/** `displayOptions` of one operation's parameters: `showForResource('review')('setTags')`. */
export function showForResource(resource: string) {
	return (operation: string) => ({ show: { resource: [resource], operation: [operation] } });
}
