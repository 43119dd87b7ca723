import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { recordOrSuccessItems } from '../../helpers/output';
import { invalid } from '../../helpers/validation';
import { apiRequest } from '../../transport';
import {
	colorField,
	getSourceId,
	getSourceName,
	nameField,
	optionalSprite,
	optionalText,
	readSource,
	showFor,
	sourceIdProperty,
	spriteField,
} from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	sourceIdProperty,
	{
		...nameField,
		description: 'Name of the source, at most 30 characters (the API always needs it)',
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		description:
			'Only the fields set here change; the current sprite and colour are kept otherwise',
		options: [
			{
				displayName: 'Clear Sprite',
				name: 'clearSprite',
				type: 'boolean',
				default: true,
				description:
					'Whether to remove the current sprite. Without this (and without a Sprite) the current sprite is kept.',
			},
			colorField,
			{
				displayName: 'Slug',
				name: 'slug',
				type: 'string',
				default: '',
				description: 'New slug, at most 30 characters, unique among the sources of the project',
			},
			{
				...spriteField,
				description: `${spriteField.description} Left empty, the current sprite is kept; use Clear Sprite to remove it.`,
			},
		],
	},
];

export const option: OperationOption = {
	name: 'Update',
	value: 'update',
	action: 'Update a source',
	description:
		'Rename a review source or change its slug, colour or icon given its ID (a number), keeping untouched fields; returns the source',
};

export const description = updateDisplayOptions(showFor('update'), properties);

/**
 * The API clears the sprite whenever it is omitted, so the node reads the source first and re-sends
 * its sprite unless the user set a new one or asked to clear it. A source with a custom icon never
 * gets a sprite. Colour and slug are sent only when the user set them.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getSourceId(this, itemIndex);
	const name = getSourceName(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const slug = optionalText(this, itemIndex, 'Slug', fields.slug);
	const color = optionalText(this, itemIndex, 'Color', fields.color);
	const sprite = optionalSprite(this, itemIndex, fields.sprite);
	const clearSprite = fields.clearSprite === true;
	if (clearSprite && sprite !== undefined) {
		throw invalid(this, itemIndex, 'Sprite', 'cannot be set while Clear Sprite is on', sprite);
	}

	const current = await readSource(this, itemIndex, id, execution);
	const hasCustomIcon = current.icon !== null && current.icon !== undefined && current.icon !== '';
	if (hasCustomIcon && sprite !== undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Source ${id} has a custom icon image, so a sprite cannot be set (item ${itemIndex})`,
			{
				itemIndex,
				description:
					'Remove the Sprite field, or remove the custom icon of the source in the service first; nothing was changed.',
			},
		);
	}

	const body: IDataObject = { name };
	if (slug !== undefined) body.slug = slug;
	if (color !== undefined) body.color = color;
	if (sprite !== undefined) {
		body.sprite = sprite;
	} else if (clearSprite) {
		body.sprite = null;
	} else if (!hasCustomIcon && typeof current.sprite === 'string' && current.sprite.trim() !== '') {
		body.sprite = current.sprite;
	}

	const envelope = await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/project/sources/${id}`,
		body,
		itemIndex,
	});
	return recordOrSuccessItems(this, envelope, id);
}
