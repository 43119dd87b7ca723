/**
 * One list's poll: sends the requests ./walk.ts asks for, within the poll's budget (./budget.ts). Throws
 * on any failure before a cursor is returned, so a caller that stores only returned cursors moves nothing
 * on failure; a walk the budget cut short returns what it read and a cursor to go on from.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_SETTINGS } from '../ReviewCollection/transport';
import { ListPageError, listRecords } from '../ReviewCollection/transport/list-page';
import type { PollBudget } from './budget';
import type { Cursor, ListRecord } from './cursor';
import { EVENTS, matchesFilters } from './events';
import { keepAsked } from './asked';
import { finishFirstLook, firstLookAsk, startFirstLook, takeFirstLookAnswer } from './first-look';
import type { ProjectTarget, Watch } from './list-request';
import { list } from './list-request';
import { endKey, fromWalkTerms, isAnswered, isDueUnanswered, toWalkTerms } from './unanswered';
import { OrderError } from './paging';
import { ID_MAX, finishWalk, nextAsk, startWalk, takeAnswer, UnstableListError } from './walk';

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
