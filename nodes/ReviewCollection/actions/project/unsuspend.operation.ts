import { updateDisplayOptions } from 'n8n-workflow';

import { projectIdProperty, projectStateChange, showFor } from './shared';
import type { OperationOption } from '../types';

export const option: OperationOption = {
	name: 'Unsuspend',
	value: 'unsuspend',
	action: 'Unsuspend a project',
	description: 'Restore a suspended project given its ID (a number); returns the project',
};

export const description = updateDisplayOptions(showFor('unsuspend'), [projectIdProperty]);

export const execute = projectStateChange('PUT', (id) => `/agency/projects/${id}/unsuspend`);
