/**
 * The trigger's account of what it did (docs/trigger.md "The account"), kept in its state so that
 * Diagnostics → Explain Trigger can say why a record did or did not fire. Pure, bounded (LAST_IDS per
 * list, short notes: ACCOUNT_BYTES_PER_PROJECT at most), never a key or a query value.
 *
 * Per project: when a poll last read it and how many records it read; what fired; what waits for the
 * next poll (Max Events per Poll, the budget); and what never fires, by reason, each a count since the
 * scope started and the last ids.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Key } from './cursor';
import { compareKeys } from './cursor';

export const WITHHELD_REASONS = [
	/** A filter (Source, Score, …; a duplicate review) excluded it when its moment happened. */
	'filter',
	/** Its moment was before activation (the first look) or before Start From. */
	'beforeStart',
	/** It existed when a poll first saw its project, added to the agency after activation. */
	'addedLater',
	/** Its moment was recorded late, below the Late Event Window. */
	'outsideWindow',
	/** Found and held back for the next poll, then gone (deleted, or left the list) before it was delivered. */
	'deleted',
] as const;
export type WithheldReason = (typeof WITHHELD_REASONS)[number];

/** Ids kept per list: the newest. */
export const LAST_IDS = 3;
/** Late Event Window events: ids of the newest records at or below the floor, to tell a late one. */
export const KNOWN_IDS = 6;
const NOTE_LENGTH = 40;
const ERROR_LENGTH = 120;
/** What one project's account takes at most, as JSON (test/trigger/account-size.test.ts holds it). */
export const ACCOUNT_BYTES_PER_PROJECT = 1_300;

/** A count and the last ids, each with what tells it: Unix seconds (a moment, a poll) or a short note. */
export interface Tally {
	n: number;
	last: Array<[id: number, detail: number | string]>;
}

export interface ProjectAccount {
	/** Unix seconds of the last poll that read this project. */
	polled: number;
	/** How many records that poll read. */
	read: number;
	/** Fired (detail: the poll's time). */
	emitted?: Tally;
	/** Found by the last poll and left for the next (Max Events per Poll): their keys; `more`: unread backlog. */
	held?: { n: number; keys: Key[]; more?: boolean };
	/** Never delivered, by reason (detail: the record's moment, or a filter's note). */
	never?: Partial<Record<WithheldReason, Tally>>;
	/** Late Event Window events: the newest ids at or below the floor, and the lowest key among them. */
	known?: { from: Key; ids: number[] };
	/** The last error reading this project: [Unix seconds, message]. */
	error?: [number, string];
}

export interface Account {
	/** Unix seconds of the poll that wrote this state. */
	polled: number;
	projects: Record<string, ProjectAccount>;
}

/** One record a poll did not deliver, as it read it. */
export interface Withheld {
	reason: WithheldReason;
	id: number;
	key: Key;
	detail: number | string;
}

/** What one poll saw of one project (filled by ../reading/watch.ts, settled by ../poll.ts). */
export interface PollSight {
	read: number;
	withheld: Withheld[];
	/** Records a first look took as they stood: [id, moment]. */
	looked: Key[];
	/** Keys a walk read (to tell a late moment below the floor, and what is known there). */
	keys: Key[];
}

export const newSight = (): PollSight => ({ read: 0, withheld: [], looked: [], keys: [] });

export const emptyAccount = (now: number): Account => ({ polled: now, projects: {} });

/** Adds `entries` to a tally (newest last kept), counting each id once. */
export function tallied(tally: Tally | undefined, entries: Tally['last']): Tally | undefined {
	if (entries.length === 0) return tally;
	// id → detail in the order last seen (a Map: a poll of 10,000 records took 0.6 s with a list's search).
	const last = new Map(tally?.last ?? []);
	let n = tally?.n ?? 0;
	for (const [id, detail] of entries) {
		if (!last.delete(id)) n++;
		last.set(id, typeof detail === 'string' ? detail.slice(0, NOTE_LENGTH) : detail);
	}
	return { n, last: [...last].slice(-LAST_IDS) };
}

export interface Settled {
	now: number;
	sight: PollSight;
	/** What fired, oldest first, and what was found but left for the next poll. */
	emitted: Array<{ id: number; key: Key }>;
	held: Array<{ id: number; key: Key }>;
	/** The walk stopped before the end of the list (more to read next poll). */
	more: boolean;
	/** Only records at or below this key were handled (a cut at Max Events per Poll): the rest is read again. */
	limit?: Key;
	/** Why a first look's records do not fire. */
	lookReason: 'beforeStart' | 'addedLater';
	/** Did this poll handle or read past the key? (a held record it did not find again: gone). */
	passed: (key: Key) => boolean;
	/** The floor the poll started from (late moments lie at or below it), for Late Event Window events. */
	floor?: Key;
	/** The floor this poll stores, for Late Event Window events. */
	nextFloor?: Key;
}

/** A project's account after a poll that read it. */
export function settle(before: ProjectAccount | undefined, poll: Settled): ProjectAccount {
	const { now, sight } = poll;
	const within = (key: Key) => !poll.limit || compareKeys(key, poll.limit) <= 0;
	const withheld = sight.withheld.filter(({ key }) => within(key));
	const emittedIds = new Set(poll.emitted.map(({ id }) => id));
	const heldIds = new Set(poll.held.map(({ id }) => id));
	// Held by the last poll, not found again where this poll read: gone before it was delivered.
	for (const key of before?.held?.keys ?? []) {
		const [, id] = key;
		if (!emittedIds.has(id) && !heldIds.has(id) && poll.passed(key))
			withheld.push({ reason: 'deleted', id, key, detail: key[0] });
	}
	const late = lateBelowFloor(before?.known, sight.keys, poll.floor);
	for (const key of late)
		withheld.push({ reason: 'outsideWindow', id: key[1], key, detail: key[0] });
	// A first look's records: detail is when it looked (at activation: the activation).
	for (const key of sight.looked)
		withheld.push({ reason: poll.lookReason, id: key[1], key, detail: now });

	const never: Partial<Record<WithheldReason, Tally>> = { ...before?.never };
	for (const reason of WITHHELD_REASONS) {
		const entries = withheld
			.filter((entry) => entry.reason === reason)
			.sort((a, b) => compareKeys(a.key, b.key))
			.map(({ id, detail }): [number, number | string] => [id, detail]);
		const tally = tallied(never[reason], entries);
		if (tally) never[reason] = tally;
	}
	const emitted = tallied(
		before?.emitted,
		poll.emitted.map(({ id }) => [id, now]),
	);
	const account: ProjectAccount = { polled: now, read: sight.read };
	if (emitted) account.emitted = emitted;
	if (poll.held.length > 0 || poll.more)
		account.held = {
			n: poll.held.length,
			keys: poll.held.slice(0, LAST_IDS).map(({ key }) => key),
			...(poll.more ? { more: true } : {}),
		};
	if (Object.keys(never).length > 0) account.never = never;
	const known = knownBelow(before?.known, sight, poll.nextFloor);
	if (known) account.known = known;
	if (before?.error) account.error = before.error;
	return account;
}

/** A project's account after a poll that could not read it. */
export function failed(
	before: ProjectAccount | undefined,
	now: number,
	error: unknown,
): ProjectAccount {
	const message = error instanceof Error ? error.message : String(error);
	return { polled: 0, read: 0, ...before, error: [now, message.slice(0, ERROR_LENGTH)] };
}

/**
 * Keys read at or below the floor the poll started from that were not known there: moments recorded
 * late, below the Late Event Window. Only above the lowest known key (below it nothing was known).
 */
function lateBelowFloor(known: ProjectAccount['known'], keys: Key[], floor?: Key): Key[] {
	if (!known || !floor) return [];
	const ids = new Set(known.ids);
	return keys.filter(
		(key) => compareKeys(key, floor) <= 0 && compareKeys(key, known.from) > 0 && !ids.has(key[1]),
	);
}

/** The newest KNOWN_IDS keys at or below the floor this poll stores (what it read, and what was known). */
function knownBelow(
	before: ProjectAccount['known'],
	sight: PollSight,
	floor?: Key,
): ProjectAccount['known'] {
	if (!floor) return undefined;
	const read = [...sight.keys, ...sight.looked].filter((key) => compareKeys(key, floor) <= 0);
	if (read.length === 0) return before;
	const newest = [...new Map(read.map((key) => [key[1], key])).values()]
		.sort(compareKeys)
		.slice(-KNOWN_IDS);
	return { from: newest[0], ids: newest.map(([, id]) => id) };
}

/** Reads an account from static data (undefined when absent or not one). */
export function accountFromJson(value: unknown): Account | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { polled, projects } = value as IDataObject;
	if (typeof polled !== 'number' || typeof projects !== 'object' || projects === null)
		return undefined;
	return value as unknown as Account;
}
