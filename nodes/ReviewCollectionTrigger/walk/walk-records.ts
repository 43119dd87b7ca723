/**
 * What a record and the end of a page mean to a walk (./walk.ts, ./walk-count.ts), pure.
 */
import type { Key, ListRecord } from '../state/cursor';
import { compareKeys } from '../state/cursor';
import type { TriggerEvent } from '../events/events';
import { EVENTS } from '../events/events';
import type { AscPage, Walk } from './walk-state';

/** After a page: the end of the list, Max Events per Poll, the reading from the floor, the list's first end. */
export function endOfPage(walk: Walk, page: AscPage) {
	const { total, lastOfList } = page;
	if (lastOfList && walk.resumed) {
		// Gone on from the last stop to the end: what was recorded late below that stop, or a list whose
		// order the service ignored (sort_dir; a page of one record shows none), is found only from the
		// floor: read it again, newest first, in this poll (at Max Events per Poll, in the next).
		if (walk.want !== undefined && walk.found.size >= walk.want) {
			walk.phase = 'done';
			return;
		}
		walk.resumed = false;
		walk.rereadTo = walk.cursor.resume;
		walk.verified = walk.cursor.floor;
		walk.at = walk.cursor.position - 1;
		walk.phase = 'probe';
		return;
	}
	if (lastOfList) {
		walk.complete = true;
		// A list that grew (or shrank) while read may hold a record behind what was read: no idle check
		// next time on its size (issue 32, loss 1).
		walk.listTotal = total === walk.firstTotal ? total : undefined;
		walk.phase = 'done';
	} else if (walk.want !== undefined && walk.found.size >= walk.want) {
		walk.phase = 'done';
	} else if (walk.rereadTo && compareKeys(walk.verified, walk.rereadTo) >= 0) {
		// From the floor up to the last stop, and from it to the end before: all read (no total kept).
		walk.complete = true;
		walk.phase = 'done';
	} else if (walk.endAt !== undefined && walk.at >= walk.endAt) {
		// Read up to where the list ended at the walk's first answer: the rest is the next poll's.
		walk.phase = 'done';
	}
}

export function consider(walk: Walk, record: ListRecord, key: Key) {
	if (compareKeys(key, walk.cursor.floor) <= 0 || walk.seen.has(`${key[0]}:${key[1]}`)) return;
	const since = walk.cursor.since;
	if (since !== undefined && !(recordTime(walk.event, record, key) > since)) return;
	walk.found.set(record.id, record);
}

/** When a record's event happened, in Unix seconds: its creation for "appears" events, else the moment. */
export function recordTime(event: TriggerEvent, record: ListRecord, key: Key): number {
	if (EVENTS[event].moment !== 'id') return key[0];
	const created = record.created_at;
	return typeof created === 'number' ? created : 0;
}
