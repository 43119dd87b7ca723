import type { INodeProperties } from 'n8n-workflow';

/** A plain optional text field of a collection. */
export function textField(
	displayName: string,
	name: string,
	description?: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		...(description ? { description } : {}),
	};
}

/** Comma-separated slugs, or an array from an expression (node-contract.md §3). */
export function tagSlugsField(description: string): INodeProperties {
	return textField('Tag Slugs', 'tagSlugs', description);
}

/** The Options collection of an operation (n8n's usual "Add option" collection). */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options,
	};
}

/** The Additional Fields collection of a create or update (n8n's usual "Add field" collection). */
export function additionalFieldsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		options,
	};
}
