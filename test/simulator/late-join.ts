/**
 * Records that join the lists late (issue 40, item 3). The spec is silent on when a created record is
 * listed; a web application over a SQL database with several writers lists it when its transaction
 * commits (two requests insert ids 46 and 47, 47 commits first), and a list served from a read replica
 * lags the primary. So a record may be listed seconds after a newer one.
 *
 * Every record of a project's reviews, customers, messages and charges gets a join time when inserted:
 * at once, or with the `late-joins` dialect a few seconds late for some records (deterministic from
 * the record's id and the dialect's seed). Until then every list (every view of the collection) leaves
 * it out; a read by id still finds it. `joinLate` is the test control for one record.
 */
import { mulberry32 } from '../harness/seeded-random';
import type { HasId } from './collection';
import type { SimState } from './state';
import { nowOf } from './state';

/** What a dialect says about late joins: a share of the records is listed up to `maxSeconds` late. */
export interface LateJoinChoice {
	seed: number;
	/** The share of new records that join late (0..1). */
	share: number;
	/** The longest delay in seconds (a delay is 1..maxSeconds). */
	maxSeconds: number;
}

/** The lists' side of a collection: which records every list leaves out now. */
export class ListJoins {
	/** id -> Unix seconds it joins the lists (only records not joined yet). */
	private readonly joinAt = new Map<number, number>();

	constructor(
		private readonly state: SimState,
		private readonly salt: number,
	) {}

	/** A record was inserted: with the dialect's late joins, it may join a few seconds from now. */
	inserted(id: number): void {
		const choice = this.state.dialect.lateJoins;
		if (!choice) return;
		const rnd = mulberry32((choice.seed ^ Math.imul(id, 0x9e3779b1) ^ this.salt) >>> 0);
		if (rnd() >= choice.share) return;
		this.joinAt.set(id, nowOf(this.state) + 1 + Math.floor(rnd() * choice.maxSeconds));
	}

	/** Test control: the record is listed `seconds` from now (by the service's clock), not before. */
	joinLate(id: number, seconds: number): void {
		this.joinAt.set(id, nowOf(this.state) + seconds);
	}

	/** Is the record still waiting to be listed? */
	pending(id: number): boolean {
		this.settle();
		return this.joinAt.has(id);
	}

	/** The list as it is served now: without the records that have not joined yet. */
	listed<T extends HasId>(list: T[]): T[] {
		this.settle();
		if (this.joinAt.size === 0) return list;
		return list.filter((record) => !this.joinAt.has(record.id));
	}

	private settle() {
		if (this.joinAt.size === 0) return;
		const now = nowOf(this.state);
		for (const [id, at] of this.joinAt) if (at <= now) this.joinAt.delete(id);
	}
}

/** Salts so that a review and a message with the same id do not join together. */
export const JOIN_SALTS = {
	reviews: 0x1b873593,
	customers: 0x85ebca6b,
	charges: 0xc2b2ae35,
	messages: 0x27d4eb2f,
};
