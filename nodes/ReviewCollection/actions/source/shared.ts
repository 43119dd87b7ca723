import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PROJECT_API } from '../../../../credentials/names';
import { checkLength, checkSprite, invalid } from '../../helpers/validation';
import type { Execution } from '../../transport';
import { apiRequest } from '../../transport';
import { apiError } from '../../transport/errors';
import { showForResource } from '../../descriptors/operation';
import { recordIdParameter } from '../../descriptors/locators';

export const { property: sourceIdProperty, read: getSourceId } = recordIdParameter({
	name: 'sourceId',
	displayName: 'Source',
	recordName: 'source',
	searchListMethod: 'searchSources',
});

export const showFor = showForResource('source');

/** Parameters shared by Create and Update. */
export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Google',
};

export const colorField: INodeProperties = {
	displayName: 'Color',
	name: 'color',
	type: 'color',
	default: '',
	description:
		'Badge colour (hex, at most 30 characters); used only while the source has no custom icon image',
};

export const spriteField: INodeProperties = {
	displayName: 'Sprite',
	name: 'sprite',
	type: 'string',
	default: '',
	placeholder: 'e.g. fab fa-google',
	description:
		'Font Awesome icon: a style prefix (fab, fad, fak, fal, far, fas, fat), a space and an icon such as fa-star; at most 50 characters. Not allowed on a source with a custom icon image.',
};

/** Source name, slug and color: at most 30 characters, the API's limit. */
export const TEXT_MAX = 30;

/** The required source name: not blank, at most 30 characters. */
export function getSourceName(ctx: IExecuteFunctions, itemIndex: number): string {
	const name = String(ctx.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (name === '') throw invalid(ctx, itemIndex, 'Name', 'is required and must not be empty');
	return checkLength(ctx, itemIndex, 'Name', name, { max: TEXT_MAX });
}

/** An optional text field of a collection: undefined when left empty, else checked against 30 characters. */
export function optionalText(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	value: unknown,
): string | undefined {
	const text = String(value ?? '').trim();
	if (text === '') return undefined;
	return checkLength(ctx, itemIndex, field, text, { max: TEXT_MAX });
}

/** An optional sprite: undefined when left empty, else checked (pattern, at most 50 characters). */
export function optionalSprite(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
): string | undefined {
	const sprite = String(value ?? '').trim();
	if (sprite === '') return undefined;
	return checkSprite(ctx, itemIndex, sprite);
}

/** The current source, read from the (unpaginated) source list; a 404-style error when it is not there. */
export async function readSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
	id: number,
	execution: Execution,
): Promise<IDataObject> {
	const envelope = await apiRequest(ctx, {
		execution,
		method: 'GET',
		path: '/project/sources',
		itemIndex,
	});
	const sources = Array.isArray(envelope.data) ? (envelope.data as IDataObject[]) : [];
	const source = sources.find((record) => Number(record.id) === id);
	if (!source) {
		throw apiError(ctx.getNode(), {
			status: 404,
			body: { success: false, code: 404, message: `Source ${id} not found.` },
			credentialName: PROJECT_API.displayName,
			itemIndex,
		});
	}
	return source;
}
