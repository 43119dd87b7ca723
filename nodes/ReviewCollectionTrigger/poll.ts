/**
 * One poll of an active trigger, top-down (docs/trigger.md): scope → state → for each project:
 * (activation | Start From | resume) → walk within the budget → filters → emit at most Max Events per
 * Poll → state. The state is written only at the end of a poll that succeeded: a poll that fails
 * throws before, so n8n's static data (and with it the next poll's activation or resume) is unchanged.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { isOutOfBudget } from '../ReviewCollection/transport';
import type { PollBudget } from './reading/budget';
import type { Cursor, ListRecord } from './state/cursor';
import { compareKeys, isHandled, keyOf, sinceCursor } from './state/cursor';
import type { PollSight, ProjectAccount } from './state/account';
import { emptyAccount, failed, newSight, settle } from './state/account';
import { LATE_EVENTS } from './events/events';
import type { Watch } from './reading/list-request';
import { allot } from './emit';
import type { Project, ProjectRef } from './projects';
import { inParallel, inWaitingOrder, projectsOf } from './projects';
import { everyProjectFailed } from './poll-errors';
import { legacyScopeOf, scopeOf } from './scope';
import type { TriggerSettings } from './settings';
import type { Lineage } from './lineage';
import type { Handed, TriggerState } from './state/state';
import { freshState, OWN, readState, writeState } from './state/state';
import type { WalkResult } from './reading/watch';
import { firstLook, walkFrom } from './reading/watch';

/** What a poll did with one project. */
type Outcome =
	| { kind: 'read'; cursor: Cursor; walk?: WalkResult & { reached: true } }
	/** Not read (budget) or failed: keeps this cursor (or has none yet). */
	| { kind: 'kept'; cursor?: Cursor; error?: unknown };

export interface Emitted {
	project?: ProjectRef;
	records: ListRecord[];
}

/**
 * `lineage`: whether this process polled this state's activation before (no restart since), and whether
 * the state may be resumed at all (./lineage.ts). Returns what to emit, oldest first per project, in the
 * projects' order.
 */
export async function pollActive(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	staticData: IDataObject,
	budget: PollBudget,
	lineage: Lineage,
): Promise<Emitted[]> {
	// Its time went on waiting for an earlier poll of this trigger: the next poll goes on from there.
	if (budget.spent()) return [];
	const { watch, allProjects } = settings;
	const now = Math.floor(Date.now() / 1000);
	// 1. Scope and state: what n8n handed this poll.
	const scope = await scopeOf(ctx, watch, allProjects);
	const legacy = {
		own: allProjects ? undefined : OWN,
		legacy: legacyScopeOf(ctx, watch, allProjects),
		watch,
	};
	// A state left for another scope since (a switch and back) is not resumed: it starts afresh.
	const handed: Handed = lineage.mayResume(scope)
		? readState(staticData, scope, legacy, now)
		: { kind: 'afresh' };
	const state = handed.kind === 'resume' ? handed.state : freshState(scope, now);
	const startFrom = handed.kind === 'activation' ? settings.startFrom : undefined;
	const starting = handed.kind !== 'resume';
	const { continued } = lineage;
	// 2. Each project from where it stands, within the budget (the first in line always goes).
	const listed = await projectsOf(ctx, allProjects, budget);
	const order = inWaitingOrder(listed, state.waiting);
	const outcomes: Outcome[] = [];
	const sights = order.map(() => newSight());
	await inParallel(order, settings.concurrency, async (project, index) => {
		const stored = state.projects[project.key] as Cursor | undefined;
		const start = stored ?? startOf(state, project, { starting, startFrom, continued, now }, watch);
		const fallback = start === 'look' ? placeholder(state, project, starting, now, watch) : start;
		try {
			if (!budget.allowsRequest(index === 0)) {
				outcomes[index] = { kind: 'kept', cursor: fallback };
			} else if (start === 'look') {
				const cursor = await firstLook(
					ctx,
					watch,
					project.target,
					scopeKey(state, project),
					budget,
					sights[index],
				);
				outcomes[index] = { kind: 'read', cursor };
			} else {
				const walk = await walkFrom(ctx, watch, project.target, start, budget, {
					first: index === 0,
					want: settings.maxEvents,
					sight: sights[index],
				});
				outcomes[index] = walk.reached
					? { kind: 'read', cursor: walk.cursor, walk }
					: { kind: 'kept', cursor: walk.cursor };
			}
		} catch (error) {
			// Out of the poll's time: not a failure; it goes first next poll.
			outcomes[index] = isOutOfBudget(error)
				? { kind: 'kept', cursor: fallback }
				: { kind: 'kept', cursor: fallback, error };
		}
	});
	failUnlessRead(ctx, order, outcomes, allProjects);
	// 3. At most Max Events per Poll, shared out so that no project is starved (./emit.ts).
	const counts = outcomes.map((outcome) =>
		outcome.kind === 'read' && outcome.walk ? outcome.walk.records.length : 0,
	);
	const shares = allot(counts, settings.maxEvents);
	const emitted: Emitted[] = [];
	const account = emptyAccount(now);
	const next: TriggerState = { ...state, projects: {}, waiting: [], account };
	order.forEach((project, index) => {
		const outcome = outcomes[index];
		let cursor = outcome.cursor;
		let delivered: ListRecord[] = [];
		if (outcome.kind === 'kept' && !outcome.error) next.waiting.push(project.key);
		if (outcome.kind === 'read' && outcome.walk) {
			const { records, cursor: after } = outcome.walk.cut(shares[index]);
			cursor = after;
			delivered = records;
			if (shares[index] < counts[index]) next.waiting.push(project.key);
			if (records.length > 0) emitted.push({ project: project.ref, records });
		}
		if (cursor) next.projects[project.key] = cursor;
		const before = state.account?.projects[project.key];
		const settled =
			outcome.kind === 'read'
				? settleProject(before, outcome, cursor!, delivered, sights[index], {
						now,
						watch,
						started: state.projects[project.key],
						lookReason: starting ? 'beforeStart' : 'addedLater',
						starts: [settings.startFrom, state.activatedAt],
					})
				: outcome.error !== undefined
					? failed(before, now, outcome.error)
					: before;
		if (settled) account.projects[project.key] = settled;
	});
	// 4. The state, for n8n to keep.
	writeState(staticData, next);
	// Items in project order, as the projects are listed (each project's oldest first).
	const rank = new Map(listed.map((project, index) => [project.ref, index]));
	return emitted.sort((a, b) => rank.get(a.project)! - rank.get(b.project)!);
}

/** A project's account after a poll that read it (./state/account.ts). */
function settleProject(
	before: ProjectAccount | undefined,
	outcome: Extract<Outcome, { kind: 'read' }>,
	cursor: Cursor,
	delivered: ListRecord[],
	sight: PollSight,
	poll: {
		now: number;
		watch: Watch;
		started?: Cursor;
		lookReason: 'beforeStart' | 'addedLater';
		/** Start From and the activation: a reading from another `since` is a project's own start. */
		starts: Array<number | undefined>;
	},
): ProjectAccount {
	const { event } = poll.watch;
	for (const entry of sight.withheld)
		if (entry.reason === 'beforeStart' && !poll.starts.includes(entry.detail as number))
			entry.reason = 'addedLater';
	const keyed = (record: ListRecord) => ({ id: record.id, key: keyOf(event, record)! });
	const emittedIds = new Set(delivered.map(({ id }) => id));
	const found = outcome.walk?.records ?? [];
	const last = delivered.at(-1);
	const late = LATE_EVENTS.includes(event);
	return settle(before, {
		now: poll.now,
		sight,
		emitted: delivered.map(keyed),
		held: found.filter(({ id }) => !emittedIds.has(id)).map(keyed),
		more: cursor.backlog,
		limit: delivered.length < found.length ? (last ? keyOf(event, last) : [-1, -1]) : undefined,
		lookReason: poll.lookReason,
		// Handled, read past, or the list read to its end: a held record not found is gone.
		passed: (key) =>
			isHandled(cursor, key) ||
			!cursor.backlog ||
			sight.keys.some((read) => compareKeys(read, key) > 0),
		floor: late ? poll.started?.floor : undefined,
		nextFloor: late ? cursor.floor : undefined,
	});
}

interface Start {
	starting: boolean;
	startFrom?: number;
	continued: boolean;
	now: number;
}

/** Where a project without a cursor starts (contract §8, §9). */
function startOf(
	state: TriggerState,
	project: Project,
	{ starting, startFrom, continued }: Start,
	watch: { windowSeconds: number },
): Cursor | 'look' {
	const scope = scopeKey(state, project);
	// Activation (or a scope started afresh): silent, or the events since Start From.
	if (starting)
		return startFrom !== undefined ? sinceCursor(scope, startFrom, watch.windowSeconds) : 'look';
	// A project first seen now: what exists is silent, what appears from now on fires.
	if (continued) return 'look';
	// This process did not see the polls since the state was saved (a restart on n8n's default saving):
	// from the project's creation, inclusive to the second (records with older dates that appeared in
	// that gap are the documented limit).
	const since = Math.max(state.activatedAt, project.createdAt) - 1;
	return sinceCursor(scope, since, watch.windowSeconds);
}

/**
 * A project that starts with a first look but was not read (budget, failure): from activation, or from
 * now, inclusive to the second (what happens later in this second fires), later.
 */
function placeholder(
	state: TriggerState,
	project: Project,
	starting: boolean,
	now: number,
	watch: { windowSeconds: number },
): Cursor {
	return sinceCursor(
		scopeKey(state, project),
		starting ? state.activatedAt : now - 1,
		watch.windowSeconds,
	);
}

const scopeKey = (state: TriggerState, project: Project) => `${state.scope}|${project.key}`;

/** One Project: its failure fails the poll. All Projects: only when every project failed. */
function failUnlessRead(
	ctx: IPollFunctions,
	order: Project[],
	outcomes: Outcome[],
	allProjects: boolean,
) {
	const failures = order.flatMap((project, index) => {
		const { error } = outcomes[index] as { error?: unknown };
		return error === undefined ? [] : [{ project, error }];
	});
	if (!allProjects && failures.length > 0) throw failures[0].error;
	const messages = failures.map(
		({ project, error }) =>
			`project ${project.ref?.id} (${project.ref?.name}): ${(error as Error).message}`,
	);
	if (order.length > 0 && failures.length === order.length) throw everyProjectFailed(ctx, failures);
	for (const message of messages)
		ctx.logger.warn(`Review Collection Trigger: skipped ${message}; it is read again next poll`);
}
