import { updateDisplayOptions } from 'n8n-workflow';

import { anyOrder } from '../concurrency';
import { projectIdProperty, projectKeyRequest, showFor } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Get Key',
	value: 'getKey',
	action: 'Get the API key of a project',
	description:
		'Get the Project API secret key of a project given its ID (a number); returns the key',
};

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getKey'), [projectIdProperty]);

export const execute = projectKeyRequest('GET', (id) => `/agency/projects/${id}/key`);
