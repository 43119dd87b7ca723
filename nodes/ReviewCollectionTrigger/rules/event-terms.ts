/**
 * An event's own rule, beyond its spec in ../events/events.ts (which list, which moment): what it adds to a
 * poll, asked through one object built once per poll (../settings.ts). Only Review Unanswered has one
 * (./unanswered.ts); every other event adds nothing (PLAIN_TERMS).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Cursor, Key, ListRecord } from '../state/cursor';

export interface EventTerms {
	/** Records above this key have not happened at this poll: they end the list (none: undefined). */
	end?: Key;
	/** Part of the cursor's scope: another value is another order of moments (a fresh start). */
	scopePart?: string;
	/** Query every list request carries, given the request's date_from. */
	query(dateFrom: unknown): IDataObject;
	/** The stored cursor as the walk reads it, and back. */
	toWalk(cursor: Cursor): Cursor;
	fromWalk(cursor: Cursor): Cursor;
	/** A record a walk found that is handled without firing (`top`: Cursor.top). */
	silent(record: ListRecord, top: Key | undefined): boolean;
	/** Whether Fetch Test Event may show the record. */
	shows(record: ListRecord): boolean;
	/** Why Fetch Test Event does not show the record, as "Hours Without Reply 24: … the newest …" ends. */
	hiddenBecause?(record: ListRecord): { rule: string; why: string } | undefined;
	/** The cursor keeps `top`: the newest id a read saw, and when (../reading/watch.ts topAfter). */
	keepsTop: boolean;
}

export const PLAIN_TERMS: EventTerms = {
	query: () => ({}),
	toWalk: (cursor) => cursor,
	fromWalk: (cursor) => cursor,
	silent: () => false,
	shows: () => true,
	keepsTop: false,
};
