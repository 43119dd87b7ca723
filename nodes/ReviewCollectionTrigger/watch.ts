/**
 * One list's poll: sends the requests ./walk.ts asks for, within the poll's budget (./budget.ts). Throws
 * on any failure before a cursor is returned, so a caller that stores only returned cursors moves nothing
 * on failure; a walk the budget cut short returns what it read and a cursor to go on from.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest, DEFAULT_SETTINGS } from '../ReviewCollection/transport';
import { ListPageError, listRecords } from '../ReviewCollection/transport/list-page';
import type { PollBudget } from './budget';
import type { Cursor, ListRecord } from './cursor';
import type { TriggerEvent } from './events';
import { EVENTS, LIST_PATHS, matchesFilters, orderQuery } from './events';
import { keepAsked } from './asked';
import { finishFirstLook, firstLookAsk, startFirstLook, takeFirstLookAnswer } from './first-look';
import type { Deadline } from './unanswered';
import {
	dueQuery,
	endKey,
	fromWalkTerms,
	isAnswered,
	isDueUnanswered,
	toWalkTerms,
} from './unanswered';
import type { PageAsk } from './walk';
import {
	ID_MAX,
	finishWalk,
	nextAsk,
	OrderError,
	startWalk,
	takeAnswer,
	UnstableListError,
} from './walk';

export interface Watch {
	event: TriggerEvent;
	/** The user's filters (empty values dropped). */
	filters: IDataObject;
	/** Options → Query Parameters: sent with every list request (part of the cursor's scope). */
	extraQuery: IDataObject;
	/** Late Event Window in seconds (0 for events without one). */
	windowSeconds: number;
	/** Request Options → Timeout (ms). */
	timeoutMs: number;
	/** Review Unanswered: its hours and the poll's clock (./unanswered.ts). */
	deadline?: Deadline;
}

/** Which project the requests act on: undefined = the node's own credential / Project parameter. */
export type ProjectTarget = string | undefined;

export async function list(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	ask: PageAsk,
	budget?: PollBudget,
	since?: number,
): Promise<{ data?: unknown; pagination?: unknown }> {
	const from = since !== undefined ? sinceQuery(watch.event, since) : {};
	const query = {
		...orderQuery(watch.event, ask.direction),
		...from,
		...(watch.deadline ? dueQuery(watch.deadline, from.date_from) : {}),
		...watch.extraQuery,
		page: ask.page,
		per_page: ask.perPage,
	};
	const send = async () =>
		await apiRequest(ctx, {
			method: 'GET',
			path: LIST_PATHS[EVENTS[watch.event].kind],
			qs: query,
			...(project !== undefined ? { authentication: 'agencyKey', project } : {}),
			// Within the budget: the timeout cut to what is left, a back-off wait to half of it.
			...(budget
				? {
						settings: {
							timeoutMs: budget.timeoutMs(watch.timeoutMs),
							maxDelayMs: Math.max(0, Math.floor(budget.left() / 2)),
						},
					}
				: {}),
		});
	const envelope = budget ? await budget.measure(send) : await send();
	return { data: envelope.data, pagination: envelope.pagination };
}

/**
 * Reading from `since`: only records of its day on (date filters are calendar dates; a day earlier, so
 * the service's time zone cannot cut one off). The walk tests the exact time.
 */
function sinceQuery(event: TriggerEvent, since: number): IDataObject {
	const moment = EVENTS[event].moment;
	const day = new Date((since - 86_400) * 1000).toISOString().slice(0, 10);
	return {
		date_key: moment === 'id' ? 'created_at' : moment,
		date_from: day < '1970-01-01' ? '1970-01-01' : day,
	};
}

/** First poll of a scope: where the list stands (every record of the newest moment); emits nothing. */
export async function firstLook(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	scope: string,
	budget: PollBudget,
): Promise<Cursor> {
	const look = startFirstLook(watch.event, watch.windowSeconds);
	if (watch.deadline) look.end = endKey(watch.deadline);
	for (let first = true; !look.done && budget.allowsRequest(first); first = false) {
		const answer = await list(ctx, watch, project, firstLookAsk(look), budget);
		readAnswer(ctx, () => takeFirstLookAnswer(look, answer));
	}
	return finishFirstLook(look, scope);
}

/**
 * What happened after the cursor, oldest first and filtered, and the cursor to store. `undefined` when
 * the budget was spent before this list's first request (nothing read, nothing moves).
 */
export async function walkFrom(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	cursor: Cursor,
	budget: PollBudget,
	first = true,
): Promise<{ records: ListRecord[]; cursor: Cursor } | undefined> {
	cursor = toWalkTerms(watch.deadline, cursor);
	const walk = startWalk(watch.event, cursor, watch.windowSeconds);
	if (watch.deadline) walk.end = endKey(watch.deadline);
	if (cursor.since !== undefined && EVENTS[watch.event].moment === 'id') {
		// The newest record of the whole list now: records the date filter leaves out (older review
		// dates) up to it are before `since`.
		const newest = await list(
			ctx,
			watch,
			project,
			{ direction: 'desc', page: 1, perPage: 1 },
			budget,
		);
		const [top] = readAnswer(ctx, () => listRecords(newest.data));
		walk.ceiling = top ? [top.id, ID_MAX] : [0, ID_MAX];
	}
	for (let ask = nextAsk(walk); ask; ask = nextAsk(walk)) {
		if (!budget.allowsRequest(first && walk.requests === 0)) break;
		// A request cut by the budget's timeout ends the walk with what it has read.
		const answer = await list(ctx, watch, project, ask, budget, cursor.since).catch(
			async (error: unknown) =>
				walk.requests > 0 && budget.spent() ? undefined : await Promise.reject(error),
		);
		if (!answer) break;
		readAnswer(ctx, () => takeAnswer(walk, ask, answer));
	}
	if (walk.requests === 0) return undefined;
	const { records, cursor: next } = finishWalk(walk);
	const kind = EVENTS[watch.event].kind;
	// A review answered by the time its deadline is found is handled without firing.
	const matching = records.filter(
		(record) =>
			matchesFilters(kind, watch.filters, record) && !(watch.deadline && isAnswered(record)),
	);
	return {
		records: await keepAsked(ctx, watch, project, matching),
		cursor: fromWalkTerms(watch.deadline, next),
	};
}

/** "Fetch Test Event": the newest matching record (one request), or undefined. */
export async function newestMatching(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
): Promise<ListRecord | undefined> {
	const kind = EVENTS[watch.event].kind;
	const answer = await list(
		ctx,
		{ ...watch, extraQuery: { ...watch.filters, ...watch.extraQuery } },
		project,
		{
			direction: 'desc',
			page: 1,
			// Review Unanswered: most recent reviews are answered or not due yet; look further.
			perPage: watch.deadline ? 100 : 10,
		},
	);
	const records = readAnswer(ctx, () => listRecords(answer.data));
	const { deadline } = watch;
	return records.find(
		(record) =>
			matchesFilters(kind, watch.filters, record) &&
			(!deadline || isDueUnanswered(deadline, record)),
	);
}

export const DEFAULT_TIMEOUT_MS = DEFAULT_SETTINGS.timeoutMs;

/** Runs a walk step; an answer it cannot use becomes a node error naming the problem. */
function readAnswer<T>(ctx: IPollFunctions, step: () => T): T {
	try {
		return step();
	} catch (error) {
		if (!(
			error instanceof ListPageError ||
			error instanceof OrderError ||
			error instanceof UnstableListError
		))
			throw new NodeOperationError(ctx.getNode(), error as Error);
		const description =
			error instanceof OrderError
				? 'The trigger asks for the list in the order of the event. Remove the Query Parameter that changes sort_key or sort_dir. Nothing was marked as seen.'
				: error instanceof UnstableListError || (error instanceof ListPageError && error.paging)
					? 'The list changed or paged in a way that could not be read completely. Nothing was marked as seen: the next poll tries again.'
					: 'The service answered in an unexpected shape. Nothing was marked as seen: the next poll tries again.';
		throw new NodeOperationError(
			ctx.getNode(),
			`The list answer cannot be used: ${error.message}`,
			{
				description,
			},
		);
	}
}
