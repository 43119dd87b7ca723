import type { INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

/** The parameters the editor shows for these values (resource/operation, event…), with their definitions. */
export function shownParameters(description: INodeTypeDescription, values: INodeParameters) {
	const shown =
		NodeHelpers.getNodeParameters(
			description.properties,
			values,
			true,
			false,
			{ typeVersion: 1 },
			description,
		) ?? {};
	const byName = new Map<string, INodeProperties>();
	for (const property of description.properties) {
		if (
			property.name in shown &&
			NodeHelpers.displayParameter(shown, property, { typeVersion: 1 } as never, description)
		) {
			byName.set(property.name, property);
		}
	}
	return byName;
}

/**
 * Every name a saved workflow can hold for these values: top-level parameters, and `collection.field`
 * for the fields of a collection the editor offers (a fixedCollection such as Poll Times is one name) (a field's own displayOptions read the node's values).
 */
export function shownNames(description: INodeTypeDescription, values: INodeParameters): string[] {
	const names: string[] = [];
	for (const [name, property] of shownParameters(description, values)) {
		if (property.type !== 'collection') {
			names.push(name);
			continue;
		}
		for (const option of (property.options ?? []) as INodeProperties[]) {
			const root = { ...values, [name]: {} };
			if (
				!option.displayOptions ||
				NodeHelpers.displayParameter(root, option, { typeVersion: 1 } as never, description, root)
			)
				names.push(`${name}.${option.name}`);
		}
	}
	return names;
}
