import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { getId } from '../helpers/params';
import { ID_PATTERN } from '../helpers/validation';

/** An `…Id` parameter as a resource locator: "From list" where a list endpoint exists, and "By ID". */
export interface IdLocatorOptions {
	name: string;
	displayName: string;
	recordName: string;
	searchListMethod?: string;
}

export function idLocator(options: IdLocatorOptions): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: options.searchListMethod ? 'list' : 'id', value: '' },
		required: true,
		description: options.searchListMethod
			? `The ${options.recordName} to act on: pick it from the list, or give its ID (a whole number, e.g. 42)`
			: `The ${options.recordName} to act on, by its ID (a whole number, e.g. 42)`,
		modes: [
			...(options.searchListMethod
				? [
						{
							displayName: 'From List',
							name: 'list',
							type: 'list' as const,
							placeholder: `Select a ${options.recordName}...`,
							typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
						},
					]
				: []),
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 42',
				hint: `The ${options.recordName} ID must be a positive whole number`,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^\\s*${ID_PATTERN}\\s*$`,
							errorMessage: 'The ID must be a positive whole number',
						},
					},
				],
			},
		],
	};
}

/**
 * A source slug: "From List" (the project's sources, searchable) or "By Slug". Saved workflows from
 * before the picker hold a plain string here; `slugOf` reads both.
 */
export function sourceSlugLocator(options: {
	name: string;
	required?: boolean;
	description: string;
}): INodeProperties {
	return {
		displayName: 'Source',
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...(options.required ? { required: true } : {}),
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a source...',
				typeOptions: { searchListMethod: 'searchSourceSlugs', searchable: true },
			},
			{
				displayName: 'By Slug',
				name: 'slug',
				type: 'string',
				placeholder: 'e.g. google',
				hint: 'The slug of a review source of the project (Source → Get Many lists them)',
			},
		],
	};
}

/**
 * A record's ID parameter, declared once: the locator the editor shows and the reader that checks its
 * value under the same name and label.
 */
export interface RecordIdParameter {
	property: INodeProperties;
	read(ctx: IExecuteFunctions, itemIndex: number): number;
}

export function recordIdParameter(options: IdLocatorOptions): RecordIdParameter {
	return {
		property: idLocator(options),
		read: (ctx: IExecuteFunctions, itemIndex: number): number =>
			getId(ctx, itemIndex, options.name, options.displayName),
	};
}
