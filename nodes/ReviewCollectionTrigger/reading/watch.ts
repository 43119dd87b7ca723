/**
 * One list's poll: sends the requests ../walk/walk.ts asks for, within the poll's budget (./budget.ts). Throws
 * on any failure before a cursor is returned, so a caller that stores only returned cursors moves nothing
 * on failure; a walk the budget cut short returns what it read and a cursor to go on from.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_SETTINGS, isOutOfBudget } from '../../ReviewCollection/transport';
import { ListPageError, listRecords } from '../../ReviewCollection/transport/list-page';
import type { PollBudget } from './budget';
import type { Cursor, Key, ListRecord } from '../state/cursor';
import type { TriggerEvent } from '../events/events';
import { advance, keyOf } from '../state/cursor';
import { EVENTS, matchesFilters } from '../events/events';
import { PLAIN_TERMS } from '../rules/event-terms';
import { keepAsked } from './asked';
import { newestDuplicate, newestDuplicates } from './duplicates';
import {
	finishFirstLook,
	firstLookAsk,
	startFirstLook,
	takeFirstLookAnswer,
} from '../walk/first-look';
import type { ProjectTarget, Watch } from './list-request';
import { list, NEWEST } from './list-request';
import { fromDay, withFrom } from './window-list';
import { FIRST_LOOK_SEEN, firstLookJoins, joinFloor, withMark } from '../walk/late-join';
import { raisedTop, topOf } from '../rules/unanswered';
import { OrderError } from '../walk/paging';
import type { Walk } from '../walk/walk';
import { ID_MAX, nextAsk, startWalk, takeAnswer, UnstableListError } from '../walk/walk';
import { finishWalk } from '../walk/walk-finish';
import type { WalkResult } from '../walk/walk-join';
import { joinWalks } from '../walk/walk-join';
import type { PollSight } from '../state/account';
import { noteFirstLook, noteWalk } from './sight';
import { GUESSES } from '../../ReviewCollection/transport/guesses';

const SORT_DIR = GUESSES.sortDirection.name;

/** First poll of a scope: where the list stands (every record of the newest moment); emits nothing. */
export async function firstLook(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	scope: string,
	budget: PollBudget,
	sight?: PollSight,
): Promise<Cursor> {
	const startedAt = Math.floor(Date.now() / 1000);
	// Late Event Window events read from a day below where they start (./window-list.ts).
	const from = watch.windowSeconds > 0 ? fromDay(startedAt - 1) : undefined;
	const look = startFirstLook(watch.event, watch.windowSeconds, watch.shape);
	look.end = watch.terms.end;
	for (let first = true; !look.done && budget.allowsRequest(first); first = false) {
		const answer = await list(ctx, watch, project, firstLookAsk(look), budget, { from });
		readAnswer(ctx, () => takeFirstLookAnswer(look, answer));
		watch.shape = look.shape;
	}
	let cursor = finishFirstLook(look, scope, startedAt);
	noteFirstLook(sight, look.read);
	// Records listed late among those read fire (../walk/late-join.ts): all read, one by one in `seen`,
	// and the reviews flagged duplicate among them (they are not listed).
	const count = watch.joinSeconds ? FIRST_LOOK_SEEN + 1 : 1;
	const hidden = await newestDuplicates(ctx, watch, project, budget, count);
	const newestHidden = hidden.ids[0] ?? 0;
	if (watch.joinSeconds)
		cursor = firstLookJoins(cursor, look.keys, look.total, hidden, nowSeconds());
	else if (newestHidden > cursor.floor[0])
		cursor = advance(
			cursor,
			[[newestHidden, newestHidden]],
			watch.windowSeconds,
			cursor.position,
			true,
		);
	if (from !== undefined) cursor = { ...cursor, from };
	return watch.terms.keepsTop && look.complete ? { ...cursor, top: topOf(look.topId) } : cursor;
}

export type { WalkResult };

interface WalkOptions {
	first: boolean;
	want?: number;
	/** What the poll saw, for the account (../state/account.ts). */
	sight?: PollSight;
}

/**
 * What happened after the cursor, oldest first and filtered, and the cursor to store. `first`: the
 * poll's first list (it always sends its first request); `want`: stop once this many are found.
 */
export async function walkFrom(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	cursor: Cursor,
	budget: PollBudget,
	options: WalkOptions,
): Promise<WalkResult> {
	const result = await walkOnce(ctx, watch, project, cursor, budget, options);
	// A Start From reading whose ceiling an earlier poll learned (cut by the budget or Max Events) ends
	// at it; the records created since lie above it, there when this poll started: it reads on to them.
	const { want } = options;
	const rest = want === undefined || !result.reached ? want : want - result.records.length;
	if (
		!result.reached ||
		cursor.ceiling === undefined ||
		result.cursor.since !== undefined ||
		(rest !== undefined && rest <= 0) ||
		!budget.allowsRequest(false)
	)
		return result;
	// What this poll read in order is emitted whatever the rest does (a failure shows next poll).
	const more = await walkOnce(ctx, watch, project, result.cursor, budget, {
		first: false,
		want: rest,
		sight: options.sight,
	}).catch(() => undefined);
	return more?.reached ? joinWalks(result, more) : result;
}

async function walkOnce(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	cursor: Cursor,
	budget: PollBudget,
	{ first, want, sight }: WalkOptions,
): Promise<WalkResult> {
	const { terms } = watch;
	cursor = terms.toWalk(cursor);
	if (cursor.since !== undefined && EVENTS[watch.event].moment === 'id' && !cursor.ceiling) {
		// Reading from `since`: the newest record of the whole list when the reading begins. Up to it,
		// records the date filter leaves out (older dates) are before `since`; above it, everything is
		// new (imports with old dates too) and read once this reading is done (contract §9).
		const newest = await list(ctx, watch, project, NEWEST, budget);
		const [top] = readAnswer(ctx, () => listRecords(newest.data));
		const ceiling = Math.max(top?.id ?? 0, await newestDuplicate(ctx, watch, project, budget));
		cursor = { ...cursor, ceiling: [ceiling, ID_MAX] };
	}
	cursor = await withFrom(ctx, watch, project, cursor, budget);
	const startedAt = Math.floor(Date.now() / 1000);
	const walk = startWalk(watch.event, cursor, watch.windowSeconds, watch.shape);
	walk.want = want;
	walk.end = terms.end;
	if (cursor.ceiling) walk.ceiling = walk.end = cursor.ceiling;
	let outOfBudget = false;
	for (let ask = nextAsk(walk); ask; ask = nextAsk(walk)) {
		outOfBudget = !budget.allowsRequest(first && walk.requests === 0);
		if (outOfBudget) break;
		// A wait or answer that does not fit the budget ends the walk with what it has read.
		const range = { since: cursor.since, from: cursor.from };
		const answer = await list(ctx, watch, project, ask, budget, range).catch(
			async (error: unknown) =>
				isOutOfBudget(error) || (walk.requests > 0 && budget.spent())
					? undefined
					: await Promise.reject(error),
		);
		outOfBudget = !answer;
		if (!answer) break;
		readAnswer(ctx, () => takeAnswer(walk, ask, answer));
		watch.shape = walk.shape;
	}
	// Not reached: what it learned (the ceiling) is kept; it goes first next poll.
	if (walk.requests === 0) return { reached: false, cursor: terms.fromWalk(cursor) };
	const top = terms.keepsTop
		? await topAfter(ctx, watch, project, walk, cursor.top, budget, startedAt)
		: {};
	const kind = EVENTS[watch.event].kind;
	const matches = (record: ListRecord) =>
		matchesFilters(kind, watch.filters, record) && !terms.silent(record, cursor.top);
	const joins = watch.joinSeconds ?? 0;
	// A walk its budget cut short moves the floor up to what it read, as before (no reading in circles
	// through a window larger than a poll can read: docs/trigger.md, Accepted limits).
	const joinCap = joins && !outOfBudget ? joinFloor(cursor, startedAt, joins) : undefined;
	const endedAt = nowSeconds();
	const finish = (limit?: Key) => {
		const { records, cursor: next } = finishWalk(walk, limit, joinCap);
		const marked = joins ? withMark(next, endedAt, walk.topId, joins) : next;
		return {
			records: records.filter(matches),
			cursor: terms.fromWalk({ ...marked, ...top }),
		};
	};
	const whole = finish();
	const asked = await keepAsked(ctx, watch, project, whole.records, budget);
	// Not decided in the budget: nothing of this list moves (the next poll asks again).
	const unmoved = { records: [], cursor: terms.fromWalk(cursor) };
	const base = asked.decided ? whole : unmoved;
	const found = asked.decided ? finishWalk(walk).records : [];
	noteWalk(sight, watch, walk, cursor, found, asked.carrying);
	const records = base.records.filter((record) => asked.carrying(record));
	return {
		reached: true,
		records,
		cursor: base.cursor,
		cut: (count) => {
			if (count >= records.length) return { records, cursor: base.cursor };
			if (count === 0) return unmoved;
			const limit = keyOf(watch.event, records[count - 1])!;
			const cut = finish(limit);
			return {
				records: cut.records.filter((record) => asked.carrying(record)),
				cursor: cut.cursor,
			};
		},
	};
}

/** The reviews' list in the order of their ids (newest first with NEWEST). */
const ID_ORDER: TriggerEvent = 'newReview';

/**
 * Review Unanswered: Cursor.top after a walk (../rules/unanswered.ts). A complete walk that did not list
 * everything above the floor (more than a page of reviews not due yet) asks for the list's newest id,
 * by id, so the reviews it did not list (dated back, not due yet) are no imports when due.
 */
async function topAfter(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	walk: Walk,
	before: Key | undefined,
	budget: PollBudget,
	startedAt: number,
): Promise<{ top?: Key }> {
	if (walk.sawTop && walk.complete) return { top: topOf(walk.topId, before, startedAt) };
	const at = Math.floor(Date.now() / 1000);
	const byId = { ...watch, event: ID_ORDER, terms: PLAIN_TERMS };
	const newest =
		walk.complete && budget.allowsRequest(false)
			? await list(ctx, byId, project, NEWEST, budget).catch(async (error: unknown) =>
					isOutOfBudget(error) ? undefined : await Promise.reject(error),
				)
			: undefined;
	const [top] = newest ? readAnswer(ctx, () => listRecords(newest.data)) : [];
	const topId = Math.max(walk.topId, top?.id ?? 0);
	const next = newest ? topOf(topId, before, at) : raisedTop(topId, before);
	return next ? { top: next } : {};
}

export const DEFAULT_TIMEOUT_MS = DEFAULT_SETTINGS.timeoutMs;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Runs a walk step; an answer it cannot use becomes a node error naming the problem. */
export function readAnswer<T>(ctx: IPollFunctions, step: () => T): T {
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
				? `The trigger reads each list in both directions (${SORT_DIR}=asc and ${SORT_DIR}=desc, with sort_key). Remove any Query Parameter that changes the order. If there is none, the service names its sort direction otherwise than ${SORT_DIR} (the spec does not name it): the trigger cannot work with such a service until it takes ${SORT_DIR} (see the package's docs/assumptions.md). Nothing was marked as seen.`
				: error instanceof UnstableListError
					? 'The list changed while it was read, faster than it could be paged. Nothing was marked as seen: the next poll tries again.'
					: error.paging
						? "The service's answer does not page as the spec describes (the page parameter `page`, the answer's `pagination`), so the trigger cannot follow the list. Check that the credential's Base URL is the Review Collection API; if it is, the service ignores `page` (see the package's docs/assumptions.md, row 1). Nothing was marked as seen: the next poll tries again."
						: "The service answered in an unexpected shape. Check that the credential's Base URL is the Review Collection API (not a proxy or another service). Nothing was marked as seen: the next poll tries again.";
		throw new NodeOperationError(
			ctx.getNode(),
			`The list answer cannot be used: ${error.message}`,
			{
				description,
			},
		);
	}
}
