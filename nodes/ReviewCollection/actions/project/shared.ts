import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { recordOrSuccessItems } from '../../helpers/output';
import { getRequiredString } from '../../helpers/params';
import { recordIdParameter } from '../../descriptors/locators';
import { checkLength } from '../../helpers/validation';
import { apiRequest, apiRequestForKey } from '../../transport';
import { showForResource } from '../../descriptors/operation';
import type { Execution } from '../../transport';

/**
 * The project an agency operation acts on. Shown only for resource `project` (through each operation's
 * displayOptions), so it never appears together with the `projectId` of the project-area resources.
 */
export const { property: projectIdProperty, read: getProjectId } = recordIdParameter({
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

/** The `execute` of Suspend / Unsuspend: one request on the project's path; the project or success. */
export function projectStateChange(method: 'PUT', pathOf: (id: number) => string) {
	return async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
		execution: Execution,
	): Promise<INodeExecutionData[]> {
		const id = getProjectId(this, itemIndex);
		const envelope = await apiRequest(this, { execution, method, path: pathOf(id), itemIndex });
		return recordOrSuccessItems(this, envelope, id);
	};
}

/** The `execute` of Get Key / Rotate Key: the answer's `data` is the secret key itself. */
export function projectKeyRequest(method: 'GET' | 'DELETE', pathOf: (id: number) => string) {
	return async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
		execution: Execution,
	): Promise<INodeExecutionData[]> {
		const id = getProjectId(this, itemIndex);
		const key = await apiRequestForKey(this, { execution, method, path: pathOf(id), itemIndex });
		return [{ json: { key } }];
	};
}
