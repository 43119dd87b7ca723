/**
 * Event "Review Unanswered" (contract §8): a review fires once when `unansweredHours` have passed since
 * its `created_at` and it still has no reply (`has_reply` false, `replied_at` null).
 *
 * Its moment, created_at + H, orders the reviews as created_at does, so the walk reads the review list by
 * created_at and its keys are [created_at, id]: the moment's order, shifted by H, a constant of the
 * cursor's scope (changing H starts afresh, ../scope.ts). What differs from the other events:
 * - A due time still ahead at this poll has not happened. Those reviews are the newest of the order:
 *   they end the list for this poll (the walk's `end`), and a walk that reads to the end handles
 *   everything up to it. So a review imported later already due lies below the floor
 *   and never fires, and a due time before activation never fires.
 * - Requests carry `date_to` (the UTC day after the cutoff's, so no service time zone cuts off a due
 *   review): the newest page holds at most about two days of reviews not due yet.
 * - A review that has a reply when it is found due is handled without firing.
 * - Imports (contract §9): a review whose id is above `top`'s (the newest id a read saw, or asked for),
 *   that was created before `top`'s time (so it appeared after it, later than its created_at), and whose
 *   due time has passed when a poll first finds it, is handled without firing. A review created after
 *   that time is not an import: it fires when due, however rarely the trigger polls.
 * - `since` (Start From, a project first seen later) is a moment; the walk's is H earlier.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Cursor, Key } from '../state/cursor';
import { ID_MAX } from '../state/cursor';
import type { TriggerEvent } from '../events/events';
import type { EventTerms } from './event-terms';
import { PLAIN_TERMS } from './event-terms';

export const UNANSWERED_EVENT: TriggerEvent = 'reviewUnanswered';
export const UNANSWERED_HOURS = { min: 1, max: 720, default: 24 } as const;

/** How long a review may stay unanswered, and the poll's clock (both in Unix seconds). */
export interface ReplyDue {
	seconds: number;
	now: number;
}

/** The event's reply due time at this poll (undefined for other events); bad hours are a clear error. */
function replyDueOf(ctx: IPollFunctions, event: TriggerEvent): ReplyDue | undefined {
	if (event !== UNANSWERED_EVENT) return undefined;
	const value = ctx.getNodeParameter('unansweredHours', UNANSWERED_HOURS.default) as unknown;
	const hours = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (
		typeof hours !== 'number' ||
		!Number.isFinite(hours) ||
		hours < UNANSWERED_HOURS.min ||
		hours > UNANSWERED_HOURS.max
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid Hours Without Reply: ${JSON.stringify(value)} is not a number from 1 to 720`,
			{
				description:
					'Set Hours Without Reply (unansweredHours) to a number of hours from 1 to 720.',
			},
		);
	}
	return { seconds: Math.round(hours * 3600), now: Math.floor(Date.now() / 1000) };
}

/** The event's terms for this poll (./event-terms.ts EventTerms): Review Unanswered's, else none. */
export function termsOf(ctx: IPollFunctions, event: TriggerEvent): EventTerms {
	const due = replyDueOf(ctx, event);
	if (!due) return PLAIN_TERMS;
	return {
		end: endKey(due),
		scopePart: `unansweredHours:${due.seconds}`,
		query: (dateFrom) => dueQuery(due, dateFrom),
		toWalk: (cursor) => toWalkTerms(due, cursor),
		fromWalk: (cursor) => fromWalkTerms(due, cursor),
		silent: (record, top) => isAnswered(record) || appearedDue(top, record),
		shows: (record) => isDueUnanswered(due, record),
		hiddenBecause: (record) => hiddenBecause(due, record),
		keepsTop: true,
	};
}

/** The newest created_at whose due time has passed at this poll. */
const cutoff = (due: ReplyDue) => due.now - due.seconds;

/** Where the list ends for this poll: reviews above this key are not due yet. */
function endKey(due: ReplyDue): Key {
	return [cutoff(due), ID_MAX];
}

/**
 * Query of every request: reviews created up to the day after the cutoff's (UTC), and never before
 * `dateFrom` (a Start From days ahead): the service refuses a date_to before date_from.
 */
function dueQuery(due: ReplyDue, dateFrom?: unknown): IDataObject {
	const dateTo = new Date((cutoff(due) + 86_400) * 1000).toISOString().slice(0, 10);
	return { date_to: typeof dateFrom === 'string' && dateFrom > dateTo ? dateFrom : dateTo };
}

/** A review with a reply (either way the service records one). */
function isAnswered(record: IDataObject): boolean {
	return (
		record.has_reply === true || (record.replied_at !== null && record.replied_at !== undefined)
	);
}

/** Due (due time passed at this poll) and still unanswered: what manual mode shows. */
function isDueUnanswered(due: ReplyDue, record: IDataObject): boolean {
	const created = record.created_at;
	return typeof created === 'number' && created <= cutoff(due) && !isAnswered(record);
}

/** Why manual mode does not show a review: it has a reply, or its reply is not due yet. */
function hiddenBecause(
	due: ReplyDue,
	record: IDataObject,
): { rule: string; why: string } | undefined {
	if (isDueUnanswered(due, record)) return undefined;
	const rule = `Hours Without Reply ${due.seconds / 3600}`;
	if (isAnswered(record)) return { rule, why: 'has a reply' };
	const dueAt = new Date((Number(record.created_at) + due.seconds) * 1000).toISOString();
	return { rule, why: `is not due until ${dueAt.replace('.000Z', 'Z')}` };
}

/** The cursor as the walk reads it (`since` in created_at terms), and back. */
function toWalkTerms(due: ReplyDue, cursor: Cursor): Cursor {
	return cursor.since !== undefined ? { ...cursor, since: cursor.since - due.seconds } : cursor;
}

function fromWalkTerms(due: ReplyDue, cursor: Cursor): Cursor {
	return cursor.since !== undefined ? { ...cursor, since: cursor.since + due.seconds } : cursor;
}

/**
 * Cursor.top: [Unix seconds, highest id], such that every review with a higher id was created in the
 * service after that time. `at`: when a read that saw the list's highest id began.
 */
export function topOf(topId: number, before?: Key, at = Math.floor(Date.now() / 1000)): Key {
	return [at, Math.max(topId, before?.[1] ?? 0)];
}

/**
 * A read that may not have seen the list's highest id (a walk stopped early, or the list's newest id not
 * asked within the budget) still raises the id, keeping the time: every id above the raised one is above
 * the old one too. So a review any poll saw before it was due is no import (contract §8, §9).
 */
export function raisedTop(topId: number, before?: Key): Key | undefined {
	return before && topId > before[1] ? [before[0], topId] : before;
}

/** Imported (appeared after the last complete read, created before it) and found due now. */
function appearedDue(top: Key | undefined, record: IDataObject): boolean {
	if (!top || typeof record.id !== 'number' || typeof record.created_at !== 'number') return false;
	return record.id > top[1] && record.created_at < top[0];
}
