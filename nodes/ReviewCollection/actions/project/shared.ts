import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idLocator } from '../../descriptors/locators';
import { getId, getRequiredString } from '../../helpers/params';
import { checkLength } from '../../helpers/validation';
import { showForResource } from '../../descriptors/operation';

/**
 * The project an agency operation acts on. Shown only for resource `project` (through each operation's
 * displayOptions), so it never appears together with the `projectId` of the project-area resources.
 */
export const projectIdProperty = idLocator({
	name: 'projectId',
	displayName: 'Project',
	recordName: 'project',
	searchListMethod: 'searchProjects',
});

export const showFor = showForResource('project');

/** Project names (create, duplicate): 3 to 50 characters, checked before anything is sent. */
export function getProjectName(ctx: IExecuteFunctions, itemIndex: number): string {
	const name = getRequiredString(ctx, itemIndex, 'name', 'Name');
	return checkLength(ctx, itemIndex, 'Name', name, { min: 3, max: 50 });
}

export function getProjectId(ctx: IExecuteFunctions, itemIndex: number): number {
	return getId(ctx, itemIndex, 'projectId', 'Project');
}

/** getKey / rotateKey: the answer's `data` is the secret key itself. */
export function keyItems(key: string): INodeExecutionData[] {
	return [{ json: { key } }];
}
