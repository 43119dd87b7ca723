import { updateDisplayOptions } from 'n8n-workflow';

import { projectIdProperty, projectStateChange, showFor } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Suspend',
	value: 'suspend',
	action: 'Suspend a project',
	description:
		'Block a project from operating, keeping its data, given its ID (a number); returns the project',
};

export const description = updateDisplayOptions(showFor('suspend'), [projectIdProperty]);

export const execute = projectStateChange('PUT', (id) => `/agency/projects/${id}/suspend`);
