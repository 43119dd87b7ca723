/** What the reference model records about a history (verdict.ts and rules-*.ts decide from it). */
import type { Settings } from './history';
import type { Occurrence } from './world';

export type Verdict = 'must' | 'mustNot' | 'may';

/** A verdict and the rule that decided it. */
export interface Ruling {
	verdict: Verdict;
	why: string;
}

export const no = (why: string): Ruling => ({ verdict: 'mustNot', why });
export const may = (why: string): Ruling => ({ verdict: 'may', why });

export interface Fact extends Occurrence {
	epoch: number;
	tick: number;
	/** The newest moment of its project before it: ever set, and in the list then (lateness). */
	newestBefore: number;
	newestListed: number;
	/** Tick its record first existed (listed or not: a review flagged duplicate exists unlisted). */
	born: number;
	/** Drained polls before it (the "busy window between two polls" of §9). */
	interval: number;
	withdrawn?: number;
	/** Tick it came back after a withdrawal (the last time). */
	reappeared?: number;
	/** reviewUnanswered: the review was imported with its deadline passed / the deadline passed earlier. */
	imported?: boolean;
	notFresh?: boolean;
	/** Tick its record was created, when the lists showed it only later (the late-joins dialect). */
	createdUnlisted?: number;
	/** Default saving lost the poll that first saw its (new) project (§9's documented limit). */
	savingLimit?: boolean;
	emits: number[];
}

export interface Poll {
	start: number;
	end: number;
	startSec: number;
	endSec: number;
}

export interface Epoch {
	scope: 'one' | 'all';
	/** Begun by a scope switch (not an activation or empty static data). */
	switched?: boolean;
	activation?: Poll;
	/** An activation default saving lost: what appeared from here to the next activation may fire. */
	lostFrom?: number;
	/** A restart handed back a state an earlier epoch saved, after this tick (switched away and back). */
	oldStateFrom?: number;
	/** Tick the epoch ended (switch of scope). */
	ended?: number;
	/** project -> tick its list was first read in this epoch. */
	firstRead: Map<number, number>;
}

export interface Failure {
	kind: 'loss' | 'duplicate' | 'forbidden' | 'unknown' | 'maxEvents' | 'staticData';
	detail: string;
}

/** What the rules (verdict.ts, rules-*.ts) read of what the reference model recorded. */
export interface Recorded {
	readonly settings: Settings;
	/** The project One Project watches. */
	readonly watched: number;
	/** Start From in seconds (n8n's clock at set-up minus the setting). */
	readonly startFrom: number | undefined;
	readonly epochs: readonly Epoch[];
	readonly polls: readonly Poll[];
	/** Successful polls with no budget pressure and no cap reached. */
	readonly drained: readonly Poll[];
	/** Polls against a slow service (their budget may cut them short). */
	readonly pressed: readonly Poll[];
	/** Drained polls whose static data a restart on default saving lost. */
	readonly unsaved: ReadonlySet<Poll>;
	/** Withdrawals inside the Late Event Window: project, and the drained polls before it. */
	readonly withdrawals: ReadonlyArray<{ project: number; interval: number }>;
	/** Every occurrence that left the list (deleted, flagged, archived), wherever its moment. */
	readonly removals: ReadonlyArray<{ project: number; interval: number }>;
	/** Projects the model did not create at set-up: tick and second of creation. */
	readonly projectCreated: ReadonlyMap<number, { tick: number; sec: number }>;
}
