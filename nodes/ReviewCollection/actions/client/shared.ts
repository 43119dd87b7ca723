import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { textField } from '../../descriptors/fields';
import { recordIdParameter } from '../../descriptors/locators';
import { invalid, toIdList } from '../../helpers/validation';
import { showForResource } from '../../descriptors/operation';

export const { property: clientIdProperty, read: getClientId } = recordIdParameter({
	name: 'clientId',
	displayName: 'Client',
	recordName: 'client',
	searchListMethod: 'searchClients',
});

export const showFor = showForResource('client');

/**
 * The API does not list the allowed roles ("not shown", spec 4.2), so this is free text with no role
 * suggested as if known (contract §10); the service rejects an unknown role.
 */
export const roleSlugField: INodeProperties = {
	displayName: 'Role Slug',
	name: 'roleSlug',
	type: 'string',
	default: '',
	description:
		"Role of the client user, as the service names it: the service does not publish the allowed values (an unknown one is rejected). Without it the service's default role applies.",
};

export function idListField(
	displayName: string,
	name: string,
	description: string,
): INodeProperties {
	return { ...textField(displayName, name, description), placeholder: 'e.g. 12, 15' };
}

/** Project or section IDs: comma-separated or an array → positive integers; an empty list is refused. */
export function toRequiredIdList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): number[] {
	const ids = toIdList(ctx, itemIndex, field, value);
	if (ids.length === 0) throw invalid(ctx, itemIndex, field, 'must list at least one ID', value);
	return ids;
}
