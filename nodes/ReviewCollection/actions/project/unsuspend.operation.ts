import { updateDisplayOptions } from 'n8n-workflow';

import { projectIdProperty, projectStateChange, showFor } from './shared';

export const description = updateDisplayOptions(showFor('unsuspend'), [projectIdProperty]);

export const execute = projectStateChange('PUT', (id) => `/agency/projects/${id}/unsuspend`);
