/**
 * A cursor as static data holds it, pure. `seen` (the keys handled above the floor, up to MAX_SEEN) is
 * one string: the keys ascending, each as the base-36 differences to the one before (moment.id), so a
 * busy Late Event Window of 20,000 moments stays well under 256 KB (contract §9).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Cursor, Key } from './cursor';
import { compareKeys, MAX_SEEN } from './cursor';

/** Plain JSON for static data (the scope is the state's, not repeated per cursor). */
export function cursorJson(cursor: Cursor): IDataObject {
	return {
		moment: cursor.moment,
		floor: cursor.floor,
		seen: encodeKeys(cursor.seen),
		position: cursor.position,
		backlog: cursor.backlog,
		...(cursor.since !== undefined ? { since: cursor.since } : {}),
		...(cursor.ceiling !== undefined ? { ceiling: cursor.ceiling } : {}),
		...(cursor.total !== undefined ? { total: cursor.total } : {}),
		...(cursor.top !== undefined ? { top: cursor.top } : {}),
		...(cursor.from !== undefined ? { from: cursor.from } : {}),
		...(cursor.marks !== undefined ? { marks: encodeKeys(cursor.marks) } : {}),
		...(cursor.resume !== undefined ? { resume: cursor.resume, resumeAt: cursor.resumeAt } : {}),
	};
}

/** The stored cursor if well formed; else undefined (start afresh). `seen` as an array is version 3's. */
export function cursorFromJson(value: unknown, scope: string): Cursor | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const stored = value as IDataObject;
	const { moment, floor, position, backlog, since, ceiling, total, top, from, resume, resumeAt } =
		stored;
	const seen = typeof stored.seen === 'string' ? decodeKeys(stored.seen) : stored.seen;
	const marks = typeof stored.marks === 'string' ? decodeKeys(stored.marks) : undefined;
	if (!isWhole(moment) || !isKey(floor) || !Array.isArray(seen) || !seen.every(isKey))
		return undefined;
	return {
		scope,
		moment,
		floor,
		seen: (seen as Key[]).slice(-MAX_SEEN),
		position: isWhole(position) && position >= 0 ? position : 0,
		backlog: backlog === true,
		...(isWhole(since) ? { since } : {}),
		...(isKey(ceiling) ? { ceiling } : {}),
		...(isWhole(total) ? { total } : {}),
		...(isKey(top) ? { top } : {}),
		...(isWhole(from) ? { from } : {}),
		...(marks ? { marks } : {}),
		...(backlog === true && isKey(resume) && isWhole(resumeAt) && resumeAt >= 0
			? { resume, resumeAt }
			: {}),
	};
}

export function encodeKeys(keys: Key[]): string {
	let previous: Key = [0, 0];
	return [...keys]
		.sort(compareKeys)
		.map((key) => {
			const text = `${(key[0] - previous[0]).toString(36)}.${(key[1] - previous[1]).toString(36)}`;
			previous = key;
			return text;
		})
		.join(',');
}

export function decodeKeys(text: string): Key[] | undefined {
	if (text === '') return [];
	let previous: Key = [0, 0];
	const keys: Key[] = [];
	for (const part of text.split(',')) {
		if (!/^-?[0-9a-z]+\.-?[0-9a-z]+$/.test(part)) return undefined;
		const [moment, id] = part.split('.').map((digits) => parseInt(digits, 36));
		if (!Number.isSafeInteger(moment) || !Number.isSafeInteger(id)) return undefined;
		previous = [previous[0] + moment, previous[1] + id];
		keys.push(previous);
	}
	return keys;
}

export function isKey(value: unknown): value is Key {
	return Array.isArray(value) && value.length === 2 && isWhole(value[0]) && isWhole(value[1]);
}

export function isWhole(value: unknown): value is number {
	return typeof value === 'number' && Number.isSafeInteger(value);
}
