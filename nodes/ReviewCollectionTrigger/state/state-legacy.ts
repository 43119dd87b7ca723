/**
 * Cursors stored by the trigger before this version (its scope a readable string without the Base URL,
 * `{ moment, ids, floor }` or, older, `{ lastId, lastCreatedAt }`), taken over once so that updating the
 * package loses nothing: the events between the last check before the update and the first after it
 * still fire. Only for a trigger without Query Parameters or a customer Tag (their lists differed): the
 * earlier scope string, from the parameters, is ../scope.ts `legacyScopeOf`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Cursor, Key } from './cursor';
import { handledUpTo, ID_MAX } from './cursor';
import type { TriggerEvent } from '../events/events';

/** What reading an earlier layout needs to know. */
export interface LegacyScopes {
	/** One Project: the key of its cursor in `projects` (undefined with All Projects). */
	own?: string;
	/** The earlier version's scope string, when its cursors can be taken over. */
	legacy?: string;
	/** Of the poll's Watch, all that an earlier layout depends on: the event. */
	watch: { event: TriggerEvent };
}

/** The earlier version's cursor of `legacyScope`, as a cursor of `scope`; else undefined. */
export function fromLegacy(
	value: unknown,
	legacyScope: string | undefined,
	scope: string,
	watch: { event: TriggerEvent },
): Cursor | undefined {
	if (legacyScope === undefined || typeof value !== 'object' || value === null) return undefined;
	const stored = value as IDataObject;
	if (stored.scope !== legacyScope) return undefined;
	const moment = stored.moment;
	if (isCount(moment) && Array.isArray(stored.ids) && stored.ids.every(isCount)) {
		const floorId = isCount(stored.floor) ? stored.floor : 0;
		const floor: Key = floorId > 0 ? [moment, floorId] : [moment - 1, ID_MAX];
		const seen = (stored.ids as number[])
			.filter((id) => id > floorId)
			.map((id): Key => [moment, id]);
		return handledUpTo(scope, moment, floor, seen);
	}
	if (isCount(stored.lastId) && isCount(stored.lastCreatedAt)) {
		const { lastId, lastCreatedAt } = stored;
		if (watch.event === 'newReview') return handledUpTo(scope, lastId, [lastId, ID_MAX]);
		if (watch.event === 'newMessage')
			return handledUpTo(scope, lastCreatedAt, [lastCreatedAt, lastId]);
	}
	return undefined;
}

function isCount(value: unknown): value is number {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
