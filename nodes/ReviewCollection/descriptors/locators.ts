import type { INodeProperties } from 'n8n-workflow';

/** An `…Id` parameter as a resource locator: "From list" where a list endpoint exists, and "By ID". */
export function idLocator(options: {
	name: string;
	displayName: string;
	recordName: string;
	searchListMethod?: string;
}): INodeProperties {
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
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[1-9][0-9]*\\s*$',
							errorMessage: 'The ID is a positive whole number',
						},
					},
				],
			},
		],
	};
}
