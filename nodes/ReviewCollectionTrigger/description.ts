import type { INodeProperties } from 'n8n-workflow';

import { projectAuthenticationProperties } from '../ReviewCollection/descriptors/common';
import { optionsOf } from '../ReviewCollection/descriptors/list';
import { requestOptionsProperty } from '../ReviewCollection/descriptors/requestOptions';

/** Parameters of the trigger (contract §4): event, the action node's authentication choice, filters. */
export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'New Review',
				value: 'newReview',
				description: 'A review appears in the project, also one imported with an older review date',
			},
			{
				name: 'New Message',
				value: 'newMessage',
				description: 'The service creates a review-request message (email or SMS)',
			},
		],
		default: 'newReview',
	},
	...projectAuthenticationProperties({}, 'The project to watch with the agency key'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		displayOptions: { show: { event: ['newReview'] } },
		options: [
			{
				displayName: 'Location',
				name: 'location',
				type: 'string',
				default: '',
				description: 'Only reviews of this location: its ID, slug or UUID',
			},
			{
				displayName: 'Score',
				name: 'score',
				type: 'options',
				options: optionsOf(['1', '2', '3', '4', '5']),
				default: '5',
				description: 'Only reviews with this rating',
			},
			{
				displayName: 'Source',
				name: 'source',
				type: 'string',
				default: '',
				description: 'Only reviews from this review source: its ID, slug or UUID',
			},
			{
				displayName: 'Tag',
				name: 'tag',
				type: 'string',
				default: '',
				description: 'Only reviews carrying this tag (slug)',
			},
		],
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add filter',
		default: {},
		displayOptions: { show: { event: ['newMessage'] } },
		options: [
			{
				displayName: 'Channel',
				name: 'channel',
				type: 'options',
				options: [
					{ name: 'Email', value: 'email' },
					{ name: 'SMS', value: 'sms' },
				],
				default: 'email',
				description: 'Only messages sent through this channel',
			},
			{
				displayName: 'Template',
				name: 'template',
				type: 'string',
				default: '',
				placeholder: 'e.g. ask-initial',
				description: 'Only messages whose template slug starts with this text',
			},
		],
	},
	requestOptionsProperty,
];

/** Filter names per event, exactly as the list endpoints take them (contract §6). */
export const FILTER_NAMES = {
	newReview: ['source', 'location', 'score', 'tag'],
	newMessage: ['channel', 'template'],
} as const;
