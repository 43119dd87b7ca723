import { updateDisplayOptions } from 'n8n-workflow';

import { projectIdProperty, projectKeyRequest, showFor } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Rotate Key',
	value: 'rotateKey',
	action: 'Rotate the API key of a project',
	description:
		'Issue a new Project API secret key given the project ID (a number); the old key stops working at once; returns the new key',
};

export const description = updateDisplayOptions(showFor('rotateKey'), [projectIdProperty]);

/** Issues a new secret key; the previous one stops working at once. */
export const execute = projectKeyRequest('DELETE', (id) => `/agency/projects/${id}/key`);
