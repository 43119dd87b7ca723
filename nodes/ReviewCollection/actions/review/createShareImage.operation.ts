import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OperationOption } from '../types';
import { invalid, toId } from '../../helpers/validation';
import type { ApiEnvelope, Execution } from '../../transport';
import { answerError, apiRequest, downloadImage, kindOf } from '../../transport';
import { optionsCollection } from '../../descriptors/fields';
import { shareTemplateIdProperty } from '../shareTemplate/shared';
import { getReviewId, reviewIdProperty, showFor } from './shared';

/** Share cards are a few hundred KB; 10 MB leaves room and still bounds what a hostile link can send. */
export const DEFAULT_MAX_IMAGE_MB = 10;

const properties: INodeProperties[] = [
	reviewIdProperty,
	optionsCollection([
		{
			displayName: 'Binary Property',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			description: 'Name of the binary property the PNG is written to when Download is on',
		},
		{
			displayName: 'Download',
			name: 'download',
			type: 'boolean',
			default: false,
			description:
				'Whether to also fetch the rendered image into the item as binary data (only an image, over http or https, up to Max Image Size; stored with the type the link answers)',
		},
		{
			displayName: 'Max Image Size (MB)',
			name: 'maxImageSizeMb',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: DEFAULT_MAX_IMAGE_MB,
			description:
				'With Download on: a larger image is not stored and the item fails; the download stops at this size',
		},
		{
			displayName: 'Ratio',
			name: 'ratio',
			type: 'string',
			default: '1:1',
			placeholder: 'e.g. 1:1',
			description: "Image ratio as width:height; overrides the template's ratio",
		},
		{
			...shareTemplateIdProperty,
			required: false,
			description: 'Template to render with; without it the built-in defaults are used',
		},
	]),
];

export const option: OperationOption = {
	name: 'Create Share Image',
	value: 'createShareImage',
	action: 'Create a share image of a review',
	description:
		'Render a PNG share image of a review given its ID (a number); returns the image ID and link',
};

export const description = updateDisplayOptions(showFor('createShareImage'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const id = getReviewId(this, itemIndex);
	const options = this.getNodeParameter(
		'options',
		itemIndex,
		{},
		{ extractValue: true },
	) as IDataObject;
	const body: IDataObject = {};
	if (options.ratio) {
		const ratio = String(options.ratio).trim();
		if (!/^\d+:\d+$/.test(ratio))
			throw invalid(this, itemIndex, 'Ratio', 'must look like 1:1 or 4:5', ratio);
		body.ratio = ratio;
	}
	if (options.shareTemplateId) {
		body.template_id = toId(this, itemIndex, 'Share Template', options.shareTemplateId);
	}
	const envelope = await apiRequest(this, {
		execution,
		method: 'POST',
		path: `/project/reviews/${id}/share-image`,
		body,
		itemIndex,
	});
	const image = imageOf(this, envelope, itemIndex);
	const item: INodeExecutionData = { json: image };
	if (options.download && typeof image.link === 'string') {
		const maxMb = Number(options.maxImageSizeMb ?? DEFAULT_MAX_IMAGE_MB);
		if (!(maxMb > 0))
			throw invalid(
				this,
				itemIndex,
				'Max Image Size (MB)',
				'must be a number above 0',
				options.maxImageSizeMb,
			);
		const file = await downloadImage(
			this,
			image.link,
			itemIndex,
			Math.floor(maxMb * 1024 * 1024),
			execution,
		);
		const propertyName = String(options.binaryPropertyName || 'data');
		const extension =
			file.mimeType
				.replace(/^image\//, '')
				.replace('jpeg', 'jpg')
				.replace(/[^a-z0-9]/g, '') || 'png';
		const fileName = `review-${id}-${String(image.uuid ?? image.id ?? 'share')}.${extension}`;
		item.binary = {
			[propertyName]: await this.helpers.prepareBinaryData(file.data, fileName, file.mimeType),
		};
	}
	return [item];
}

/** The answer's Image (id, uuid, link); anything else is an error naming the request, never output. */
function imageOf(ctx: IExecuteFunctions, envelope: ApiEnvelope, itemIndex: number): IDataObject {
	const data = envelope.data;
	if (typeof data !== 'object' || data === null || Array.isArray(data))
		throw answerError(ctx, envelope, `"data" is ${kindOf(data)}, not an image`, itemIndex);
	const image = data as IDataObject;
	if (typeof image.link !== 'string' || image.link === '')
		throw answerError(ctx, envelope, '"data" has no text "link", so it is not an image', itemIndex);
	return image;
}
