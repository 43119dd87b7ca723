import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { additionalFieldsCollection } from '../../descriptors/fields';
import { recordItems } from '../../helpers/output';
import { compact } from '../../helpers/params';
import {
	colorField,
	getSourceName,
	nameField,
	optionalSprite,
	optionalText,
	showFor,
	spriteField,
} from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const properties: INodeProperties[] = [
	{
		...nameField,
		description: 'Name of the source, at most 30 characters; the slug is made from it',
	},
	additionalFieldsCollection([colorField, spriteField]),
];

export const option: OperationOption = {
	name: 'Create',
	value: 'create',
	action: 'Create a source',
	description:
		'Create a review source given its name (at most 30 characters) and optional colour and icon; returns the source',
};

export const description = updateDisplayOptions(showFor('create'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const name = getSourceName(this, itemIndex);
	const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const body = compact({
		name,
		color: optionalText(this, itemIndex, 'Color', fields.color),
		sprite: optionalSprite(this, itemIndex, fields.sprite),
	});
	return await recordItems(this, {
		execution,
		method: 'POST',
		path: '/project/sources',
		body,
		itemIndex,
	});
}
