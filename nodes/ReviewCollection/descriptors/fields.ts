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

/** Comma-separated slugs, or an array from an expression (contract §3). */
export function tagSlugsField(description: string): INodeProperties {
	return textField('Tag Slugs', 'tagSlugs', description);
}
