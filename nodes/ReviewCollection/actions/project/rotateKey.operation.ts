import { updateDisplayOptions } from 'n8n-workflow';

import { projectIdProperty, projectKeyRequest, showFor } from './shared';

export const description = updateDisplayOptions(showFor('rotateKey'), [projectIdProperty]);

/** Issues a new secret key; the previous one stops working at once. */
export const execute = projectKeyRequest('DELETE', (id) => `/agency/projects/${id}/key`);
