import { updateDisplayOptions } from 'n8n-workflow';

import { anyOrder } from '../concurrency';
import { projectIdProperty, projectKeyRequest, showFor } from './shared';

export const lane = anyOrder;

export const description = updateDisplayOptions(showFor('getKey'), [projectIdProperty]);

export const execute = projectKeyRequest('GET', (id) => `/agency/projects/${id}/key`);
