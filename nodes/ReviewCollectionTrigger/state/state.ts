/**
 * The trigger's static data (contract §9, docs/trigger.md), typed: this module alone reads it (taking
 * over the earlier versions' layouts), and writes it. n8n hands a poll its static data; it is the truth:
 * empty is an activation, another scope starts afresh, and nothing here merges in what the process
 * remembers (../lineage.ts does, for the same activation only).
 *
 * One Project is an agency of one project: `projects` holds one cursor per project, keyed by its id
 * (OWN: the project of a project key).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Account } from './account';
import { accountFromJson } from './account';
import type { Cursor } from './cursor';
import { cursorFromJson, cursorJson, isWhole } from './cursor-json';
import type { LegacyScopes } from './state-legacy';
import { fromLegacy } from './state-legacy';

export const STATE_VERSION = 4;
/** The key of the project a project key belongs to. */
export const OWN = 'own';

export interface TriggerState {
	/** Tells this activation's states from any other's (../lineage.ts). */
	activation: string;
	/** Polls handed over since the activation (../lineage.ts: newer or older copy of one lineage). */
	generation: number;
	/** A digest of what the cursors belong to (../scope.ts): another scope starts afresh. */
	scope: string;
	/** Unix seconds of the poll that started this scope. */
	activatedAt: number;
	/** Per project (key: its id, or OWN): where its list stands. */
	projects: Record<string, Cursor>;
	/** Projects the last poll did not reach (or cut at Max Events per Poll): read first next time. */
	waiting: string[];
	/** What the trigger did, per project (./account.ts): for Explain Trigger; never read by a poll's walk. */
	account?: Account;
}

/** What a poll starts from: the state n8n handed it, or why there is none. */
export type Handed =
	| { kind: 'resume'; state: TriggerState }
	/** Empty static data: an activation (Start From applies). */
	| { kind: 'activation' }
	/** State of another scope (or unreadable): start afresh, silently. */
	| { kind: 'afresh' };

export function isEmpty(staticData: IDataObject): boolean {
	return Object.keys(staticData).length === 0;
}

/** Reads (and takes over from earlier versions) the static data n8n handed this poll. */
export function readState(
	staticData: IDataObject,
	scope: string,
	legacy: LegacyScopes,
	now: number,
): Handed {
	if (isEmpty(staticData)) return { kind: 'activation' };
	const activation = typeof staticData.activation === 'string' ? staticData.activation : newId();
	const generation = isWhole(staticData.generation) ? staticData.generation : 0;
	const base = { activation, generation, scope, waiting: [] as string[] };
	if (staticData.version === STATE_VERSION) {
		if (staticData.scope !== scope) return { kind: 'afresh' };
		const projects: Record<string, Cursor> = {};
		for (const [key, value] of Object.entries((staticData.projects ?? {}) as IDataObject)) {
			const cursor = cursorFromJson(value, `${scope}|${key}`);
			if (cursor) projects[key] = cursor;
		}
		const waiting = Array.isArray(staticData.waiting)
			? staticData.waiting.filter((key): key is string => typeof key === 'string')
			: [];
		const activatedAt = isWhole(staticData.activatedAt) ? staticData.activatedAt : now;
		const account = accountFromJson(staticData.account);
		return {
			kind: 'resume',
			state: { ...base, activatedAt, projects, waiting, ...(account ? { account } : {}) },
		};
	}
	const earlier = fromEarlier(staticData, scope, legacy);
	if (!earlier) return { kind: 'afresh' };
	const activatedAt = isWhole(staticData.activatedAt) ? staticData.activatedAt : now;
	return { kind: 'resume', state: { ...base, ...earlier, activatedAt } };
}

/**
 * Version 3 (`cursor` for one project, `scope`/`projects`/`waiting` for all, each cursor with its own
 * scope) and the versions before it (./state-legacy.ts).
 */
function fromEarlier(
	staticData: IDataObject,
	scope: string,
	legacy: LegacyScopes,
): Pick<TriggerState, 'projects' | 'waiting'> | undefined {
	if (legacy.own !== undefined) {
		const stored = staticData.cursor as IDataObject | undefined;
		const key = legacy.own;
		const own =
			stored?.scope === scope
				? cursorFromJson(stored, `${scope}|${key}`)
				: fromLegacy(stored, legacy.legacy, `${scope}|${key}`, legacy.watch);
		return own ? { projects: { [key]: own }, waiting: [] } : undefined;
	}
	const v3 = staticData.scope === scope;
	if (!v3 && (legacy.legacy === undefined || staticData.scope !== legacy.legacy)) return undefined;
	const projects: Record<string, Cursor> = {};
	for (const [key, value] of Object.entries((staticData.projects ?? {}) as IDataObject)) {
		const cursor = v3
			? (value as IDataObject)?.scope === `${scope}|${key}`
				? cursorFromJson(value, `${scope}|${key}`)
				: undefined
			: fromLegacy(value, `${legacy.legacy}|${key}`, `${scope}|${key}`, legacy.watch);
		if (cursor) projects[key] = cursor;
	}
	const waiting = v3 && Array.isArray(staticData.waiting) ? staticData.waiting.map(String) : [];
	return { projects, waiting };
}

/** A state that starts now: a lineage of its own (what the process remembers of another never applies). */
export function freshState(scope: string, now: number): TriggerState {
	return { activation: newId(), generation: 0, scope, activatedAt: now, projects: {}, waiting: [] };
}

/** Replaces the static data with `state` (what n8n saves or commits). */
export function writeState(staticData: IDataObject, state: TriggerState) {
	for (const key of Object.keys(staticData)) delete staticData[key];
	const projects: IDataObject = {};
	for (const [key, cursor] of Object.entries(state.projects)) projects[key] = cursorJson(cursor);
	Object.assign(staticData, {
		version: STATE_VERSION,
		activation: state.activation,
		generation: state.generation,
		scope: state.scope,
		activatedAt: state.activatedAt,
		projects,
		waiting: state.waiting,
		...(state.account ? { account: state.account as unknown as IDataObject } : {}),
	});
}

/** An id no other activation has (not a secret: only tells lineages apart). */
function newId(): string {
	return `${Date.now().toString(36)}-${Math.floor(Math.random() * 2 ** 40).toString(36)}`;
}
