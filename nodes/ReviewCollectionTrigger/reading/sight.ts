/**
 * What a poll saw of one list, for the account (../state/account.ts): the records a first look took as they
 * stood, and what a walk read and did not deliver (a filter, before Start From). Pure.
 */
import type { PollSight } from '../state/account';
import type { Cursor, Key, ListRecord } from '../state/cursor';
import { compareKeys } from '../state/cursor';
import { EVENTS } from '../events/events';
import { filterNote, tagNote } from '../events/filter-note';
import type { Watch } from './list-request';
import { keyOrThrow } from '../walk/paging';
import type { Walk } from '../walk/walk';

/** A first look's records (id -> "moment,id"): none fires. */
export function noteFirstLook(sight: PollSight | undefined, read: Map<number, string>) {
	if (!sight) return;
	sight.read += read.size;
	for (const text of read.values()) sight.looked.push(text.split(',').map(Number) as Key);
}

/**
 * A walk: the keys it read; records read above the floor but not after `since` (before Start From);
 * of `candidates` (the records found), those a filter excludes, or the customer Tag does not `carry`.
 */
export function noteWalk(
	sight: PollSight | undefined,
	watch: Watch,
	walk: Walk,
	cursor: Cursor,
	candidates: ListRecord[],
	carrying: (record: ListRecord) => boolean,
) {
	if (!sight) return;
	sight.read += walk.read.length;
	sight.keys.push(...walk.read.map(({ key }) => key));
	const { since } = cursor;
	if (since !== undefined) {
		for (const { key, unread } of walk.read) {
			const skipped =
				!unread &&
				compareKeys(key, cursor.floor) > 0 &&
				!walk.seen.has(`${key[0]}:${key[1]}`) &&
				!walk.found.has(key[1]);
			if (skipped) sight.withheld.push({ reason: 'beforeStart', id: key[1], key, detail: since });
		}
	}
	const kind = EVENTS[watch.event].kind;
	for (const record of candidates) {
		const note =
			filterNote(kind, watch.filters, record) ??
			(carrying(record) ? undefined : tagNote(watch.filters.tag));
		if (note === undefined) continue;
		const key = keyOrThrow(watch.event, record);
		sight.withheld.push({ reason: 'filter', id: record.id, key, detail: note });
	}
}
