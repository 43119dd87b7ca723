/**
 * A poll's time (contract §8): n8n 2.3x+ tells a poll how long it may run (`getPollBudgetMs`; its durable
 * scheduler abandons a poll that overruns); without it (n8n 1.x) the trigger allows itself 60 s. A walk
 * asks before every request whether one more fits, keeping a margin of twice the slowest request so far
 * (and a tenth of the budget, at most 2 s) for the answer and the emit; each request's timeout is cut to
 * what is left. The first request of a walk always goes, so every poll makes progress.
 */
import type { IPollFunctions } from 'n8n-workflow';

import type { Execution } from '../../ReviewCollection/transport';
import { pollExecution } from '../../ReviewCollection/transport/credentials';

export const FALLBACK_BUDGET_MS = 60_000;
const FIRST_ANSWER_MS = 1_000;

export class PollBudget {
	readonly deadline: number;
	/** The poll's one execution object, passed with every request (shared back-off, project keys). */
	readonly execution: Execution;
	private readonly reserve: number;
	private slowest = 0;
	private answered = false;
	/** Warnings this poll already logged (one per poll, also with All Projects' many first looks). */
	private readonly warned = new Set<string>();

	constructor(ctx: IPollFunctions) {
		const withBudget = ctx as IPollFunctions & { getPollBudgetMs?: () => number };
		const budget =
			typeof withBudget.getPollBudgetMs === 'function'
				? Number(withBudget.getPollBudgetMs())
				: FALLBACK_BUDGET_MS;
		const ms = Number.isFinite(budget) && budget > 0 ? budget : FALLBACK_BUDGET_MS;
		this.deadline = Date.now() + ms;
		this.reserve = Math.min(2_000, ms / 10);
		this.execution = pollExecution(ctx);
	}

	left(): number {
		return this.deadline - Date.now();
	}

	/** Does one more request fit? (`first`: the walk has sent none yet: it always goes.) */
	allowsRequest(first: boolean): boolean {
		return first || this.left() > Math.max(this.reserve, 2 * this.slowest);
	}

	/** The timeout for the next request: the configured one, cut to what is left (at least 1 s). */
	timeoutMs(configured: number): number {
		return Math.max(1_000, Math.min(configured, this.left()));
	}

	/** Measures the request `send` makes. */
	async measure<T>(send: () => Promise<T>): Promise<T> {
		const started = Date.now();
		try {
			const answer = await send();
			this.answered = true;
			return answer;
		} finally {
			this.slowest = Math.max(this.slowest, Date.now() - started);
		}
	}

	/**
	 * No request is sent, and no answer or wait awaited, past this (epoch ms): room is left to emit.
	 * Until a request of the poll has been answered, at least FIRST_ANSWER_MS from now: every poll makes
	 * progress, also when one request takes longer than the whole budget (docs/trigger.md, limits).
	 */
	requestDeadline(): number {
		const deadline = this.deadline - this.reserve / 2;
		return this.answered ? deadline : Math.max(deadline, Date.now() + FIRST_ANSWER_MS);
	}

	spent(): boolean {
		return this.left() <= this.reserve;
	}

	/** Logs `message` through n8n's logger, once per poll for `topic`. */
	warnOnce(ctx: IPollFunctions, topic: string, message: string): void {
		if (this.warned.has(topic)) return;
		this.warned.add(topic);
		ctx.logger.warn(message);
	}

	/** Did the poll end after its deadline (where n8n's durable scheduler may have abandoned it)? */
	overrun(): boolean {
		return this.left() < 0;
	}
}
