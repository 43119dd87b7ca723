import type { INodeProperties } from 'n8n-workflow';

import { projectAuthenticationProperties } from '../ReviewCollection/descriptors/common';
import { channelFilterField, templateFilterField } from '../ReviewCollection/actions/message/shared';
import { reviewFilterFields } from '../ReviewCollection/actions/review/shared';
import { filtersCollection } from '../ReviewCollection/descriptors/list';
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
		...filtersCollection(reviewFilterFields),
		displayOptions: { show: { event: ['newReview'] } },
	},
	{
		...filtersCollection([channelFilterField, templateFilterField]),
		displayOptions: { show: { event: ['newMessage'] } },
	},
	requestOptionsProperty,
];

/** Filter names per event, exactly as the list endpoints take them (contract §6). */
export const FILTER_NAMES = {
	newReview: ['source', 'location', 'score', 'tag'],
	newMessage: ['channel', 'template'],
} as const;
