/**
 * `projectScope: all` (contract §7): one trigger for every project of an agency. Each poll lists the
 * agency's projects (one request), then polls each project with a cursor of its own (static data
 * `projects[id]`, only for projects still listed, so it stays as large as the agency). A project seen for
 * the first time starts silently, like an activation. A project that fails (suspended, key refused, 5xx,
 * unreadable list) keeps its cursor and does not hold back the others: their items are emitted and the
 * failure is written to n8n's log; only when every project failed does the poll fail (n8n then shows the
 * error, and nothing moves anywhere).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../ReviewCollection/transport';
import { setPollProject } from '../ReviewCollection/transport/credentials';
import type { ListRecord } from './cursor';
import { compareRecords, storedCursor } from './cursor';
import type { Watch } from './watch';
import { firstLook, newestMatching, walkFrom } from './watch';
import { momentOf } from './events';

export interface ProjectRef extends IDataObject {
	id: number;
	name: string;
}

async function listProjects(ctx: IPollFunctions): Promise<ProjectRef[]> {
	const envelope = await apiRequest(ctx, { method: 'GET', path: '/agency/projects' });
	if (!Array.isArray(envelope.data)) {
		throw new NodeOperationError(ctx.getNode(), 'The project list answer has no "data" array');
	}
	return envelope.data
		.filter((project) => typeof (project as IDataObject)?.id === 'number')
		.map((project) => ({
			id: (project as IDataObject).id as number,
			name: String((project as IDataObject).name ?? ''),
		}));
}

/** Runs `step` with the agency key standing in for `project`'s key. */
async function inProject<T>(
	ctx: IPollFunctions,
	project: ProjectRef,
	step: () => Promise<T>,
): Promise<T> {
	setPollProject(ctx, String(project.id));
	try {
		return await step();
	} finally {
		setPollProject(ctx, undefined);
	}
}

export async function pollEveryProject(
	ctx: IPollFunctions,
	watch: Watch,
	staticData: IDataObject,
	scope: string,
): Promise<Array<{ project: ProjectRef; records: ListRecord[] }>> {
	const projects = await listProjects(ctx);
	const firstPoll = staticData.scope !== scope;
	const stored = (firstPoll ? {} : (staticData.projects ?? {})) as IDataObject;
	const next: IDataObject = {};
	const emitted: Array<{ project: ProjectRef; records: ListRecord[] }> = [];
	const failures: string[] = [];
	for (const project of projects) {
		const projectScope = `${scope}|${project.id}`;
		const cursor = storedCursor(stored[project.id], projectScope, watch.event);
		try {
			if (!cursor) {
				next[project.id] = await inProject(
					ctx,
					project,
					async () => await firstLook(ctx, watch, projectScope),
				);
				continue;
			}
			const result = await inProject(ctx, project, async () => await walkFrom(ctx, watch, cursor));
			next[project.id] = result.cursor;
			if (result.records.length > 0) emitted.push({ project, records: result.records });
		} catch (error) {
			// Keeps its cursor (or, never read, starts silently once it answers).
			if (cursor) next[project.id] = cursor;
			failures.push(`project ${project.id} (${project.name}): ${(error as Error).message}`);
		}
	}
	if (projects.length > 0 && failures.length === projects.length) {
		throw new NodeOperationError(ctx.getNode(), `Every project failed to be read: ${failures[0]}`, {
			description: failures.join('\n'),
		});
	}
	for (const failure of failures)
		ctx.logger.warn(`Review Collection Trigger: skipped ${failure}; it is read again next poll`);
	staticData.scope = scope;
	staticData.projects = next;
	return emitted;
}

/** "Fetch Test Event" over every project: the newest matching record of all. */
export async function newestOfEveryProject(
	ctx: IPollFunctions,
	watch: Watch,
): Promise<{ record: ListRecord; project: ProjectRef } | undefined> {
	let newest: { record: ListRecord; project: ProjectRef } | undefined;
	const compare = compareRecords(watch.event);
	for (const project of await listProjects(ctx)) {
		const record = await inProject(
			ctx,
			project,
			async () => await newestMatching(ctx, watch),
		).catch(() => undefined);
		if (
			record &&
			momentOf(watch.event, record) !== undefined &&
			(!newest || compare(record, newest.record) > 0)
		) {
			newest = { record, project };
		}
	}
	return newest;
}
