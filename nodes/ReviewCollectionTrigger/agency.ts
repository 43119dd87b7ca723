/**
 * `projectScope: all` (contract §7, §8): one trigger for every project of an agency. Each poll lists the
 * agency's projects (one request), then reads up to `concurrency` projects at once, each with a cursor of
 * its own (static data `projects[id]`, only for projects still listed, so it stays as large as the
 * agency), within the poll's budget. Projects the last poll did not reach (`waiting`) go first. A project
 * seen for the first time starts silently, like an activation. A project that fails (suspended, key
 * refused, 5xx, unreadable list) keeps its cursor and holds back no other: their items are emitted and
 * the failure is written to n8n's log; only when every project failed does the poll fail. A 429 of any
 * project pauses all of them (the transport's back-off gate is per poll).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../ReviewCollection/transport';
import type { PollBudget } from './budget';
import type { ListRecord } from './cursor';
import { compareKeys, cursorJson, keyOf, sinceCursor, storedCursor } from './cursor';
import type { Watch } from './list-request';
import { fromLegacy } from './legacy';
import { firstLook, newestMatching, walkFrom } from './watch';

export interface ProjectRef extends IDataObject {
	id: number;
	name: string;
}

/** A project of the list, with its creation time (Unix seconds, 0 when not given). */
interface ListedProject {
	ref: ProjectRef;
	createdAt: number;
}

export const DEFAULT_CONCURRENCY = 4;

async function listProjects(ctx: IPollFunctions): Promise<ListedProject[]> {
	const envelope = await apiRequest(ctx, {
		method: 'GET',
		path: '/agency/projects',
		authentication: 'agencyKey',
	});
	if (!Array.isArray(envelope.data)) {
		throw new NodeOperationError(ctx.getNode(), 'The project list answer has no "data" array');
	}
	return envelope.data
		.filter((project) => typeof (project as IDataObject)?.id === 'number')
		.map((project) => {
			const { id, name, created_at: createdAt } = project as IDataObject;
			return {
				ref: { id: id as number, name: String(name ?? '') },
				createdAt: typeof createdAt === 'number' ? createdAt : 0,
			};
		});
}

/** Runs `work` over `items`, at most `limit` at once. */
async function inParallel<T>(
	items: T[],
	limit: number,
	work: (item: T, index: number) => Promise<void>,
) {
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			const index = next++;
			await work(items[index], index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface AgencyPoll {
	scope: string;
	/** The earlier version's scope string (./legacy.ts), when its cursors can be taken over. */
	legacyScope?: string;
	budget: PollBudget;
	concurrency: number;
	/** Options → Start From (Unix seconds) on the first poll after activation. */
	startFrom?: number;
}

export async function pollEveryProject(
	ctx: IPollFunctions,
	watch: Watch,
	staticData: IDataObject,
	{ scope, legacyScope, budget, concurrency, startFrom }: AgencyPoll,
): Promise<Array<{ project: ProjectRef; records: ListRecord[] }>> {
	const listed = await listProjects(ctx);
	const projects = listed.map(({ ref }) => ref);
	const createdAt = new Map(listed.map(({ ref, createdAt }) => [ref.id, createdAt]));
	const legacy = legacyScope !== undefined && staticData.scope === legacyScope;
	const firstPoll = staticData.scope !== scope && !legacy;
	// Saved with the activation poll: what a project first seen later starts from, the same after a restart.
	if (firstPoll || typeof staticData.activatedAt !== 'number')
		staticData.activatedAt = Math.floor(Date.now() / 1000);
	const activatedAt = staticData.activatedAt as number;
	const stored = (firstPoll ? {} : (staticData.projects ?? {})) as IDataObject;
	// Not reached last time: first now, longest waiting first.
	const byId = new Map(projects.map((project) => [project.id, project]));
	const waiting = (firstPoll ? [] : ((staticData.waiting ?? []) as unknown[]))
		.map((id) => byId.get(id as number))
		.filter((project): project is ProjectRef => project !== undefined);
	const waitingIds = new Set(waiting.map((project) => project.id));
	const order = [...waiting, ...projects.filter((project) => !waitingIds.has(project.id))];
	const next: IDataObject = {};
	const emitted: Array<{ project: ProjectRef; records: ListRecord[] }> = [];
	const failures: string[] = [];
	const unreached = new Set<number>();
	await inParallel(order, concurrency, async (project, index) => {
		// The first project in line is always read: every poll makes progress.
		const first = index === 0;
		const projectScope = `${scope}|${project.id}`;
		const cursor = legacy
			? fromLegacy(stored[project.id], `${legacyScope}|${project.id}`, projectScope, watch)
			: storedCursor(stored[project.id], projectScope);
		const target = String(project.id);
		try {
			if (!budget.allowsRequest(first)) {
				unreached.add(project.id);
				if (cursor) next[project.id] = cursorJson(cursor);
				return;
			}
			// New at activation: silent (or from Start From). New later: from its creation (or the
			// activation, if later), so a restart before this poll was saved recomputes the same start.
			const since = firstPoll ? startFrom : Math.max(activatedAt, createdAt.get(project.id) ?? 0);
			if (!cursor && since === undefined) {
				next[project.id] = cursorJson(await firstLook(ctx, watch, target, projectScope, budget));
				return;
			}
			const from = cursor ?? sinceCursor(projectScope, since!, watch.windowSeconds);
			const result = await walkFrom(ctx, watch, target, from, budget, first);
			if (result || cursor) next[project.id] = cursorJson(result?.cursor ?? from);
			if (!result) unreached.add(project.id);
			else if (result.records.length > 0) emitted.push({ project, records: result.records });
		} catch (error) {
			// Keeps its cursor (or, never read, starts silently once it answers).
			if (cursor) next[project.id] = cursorJson(cursor);
			failures.push(`project ${project.id} (${project.name}): ${(error as Error).message}`);
		}
	});
	if (projects.length > 0 && failures.length === projects.length) {
		throw new NodeOperationError(ctx.getNode(), `Every project failed to be read: ${failures[0]}`, {
			description: failures.join('\n'),
		});
	}
	for (const failure of failures)
		ctx.logger.warn(`Review Collection Trigger: skipped ${failure}; it is read again next poll`);
	staticData.scope = scope;
	staticData.projects = next;
	staticData.waiting = order.filter((project) => unreached.has(project.id)).map(({ id }) => id);
	// Items in project order, as the projects are listed (each project's oldest first).
	const rank = new Map(projects.map((project, index) => [project.id, index]));
	return emitted.sort((a, b) => rank.get(a.project.id)! - rank.get(b.project.id)!);
}

/** "Fetch Test Event" over every project: the newest matching record of all. */
export async function newestOfEveryProject(
	ctx: IPollFunctions,
	watch: Watch,
	concurrency: number,
): Promise<{ record: ListRecord; project: ProjectRef } | undefined> {
	let newest: { record: ListRecord; project: ProjectRef; key: [number, number] } | undefined;
	const projects = (await listProjects(ctx)).map(({ ref }) => ref);
	await inParallel(projects, concurrency, async (project) => {
		const record = await newestMatching(ctx, watch, String(project.id)).catch(() => undefined);
		const key = record ? keyOf(watch.event, record) : undefined;
		if (record && key && (!newest || compareKeys(key, newest.key) > 0))
			newest = { record, project, key };
	});
	return newest ? { record: newest.record, project: newest.project } : undefined;
}
