/**
 * Runs one history: the simulator (real HTTP on 127.0.0.1) changes as the steps say, the trigger
 * polls through n8n's PollContext, and the reference model checks every occurrence at the end, after
 * polls that drain what is left. n8n's clock is faked (Date only): time moves by steps, and a slow
 * service moves it on every request, against the poll's 5 s budget.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

import { fakeDateOnly } from '../../harness/fake-clock';
import { bearerOf } from '../../harness/simulator-env';
import type { ApiSimulator, LoggedRequest } from '../../simulator';
import type { History, Mutation, Step } from './history';
import { formatHistory } from './history';
import type { Failure } from './reference';
import { Reference } from './reference';
import type { Output } from './trigger';
import { TriggerUnderTest, offersMaxEvents } from './trigger';
import { apply, keyOfItem, listPath, setUp, snapshot } from './world';

const START = Date.UTC(2026, 10, 24, 9, 0, 0);
const STATIC_DATA_LIMIT = 256 * 1024;
const DRAIN_POLLS = 200;

interface PollPlan {
	slowMs?: number;
	failSkip?: number;
	during?: { at: number; mutation: Mutation };
	pair?: boolean;
}

class Run {
	readonly ref: Reference;
	/** Why the polls failed that had no fault injected (the trigger's own errors). */
	readonly errors: string[] = [];
	private readonly trigger: TriggerUnderTest;
	private readonly maxEvents: number | undefined;
	private readonly known = new Set<number>();

	constructor(
		private readonly sim: ApiSimulator,
		private readonly history: History,
	) {
		const { settings } = history;
		this.maxEvents = offersMaxEvents() ? settings.maxEvents : undefined;
		this.ref = new Reference(settings, sim.defaultProject().id);
		for (const p of sim.state.projects) this.known.add(p.id);
		this.trigger = new TriggerUnderTest(sim, settings, this.maxEvents);
		this.observe();
	}

	private get event() {
		return this.history.settings.event;
	}

	/** Takes in what changed in the simulator (new projects, occurrences). */
	private observe() {
		for (const p of this.sim.state.projects)
			if (!this.known.has(p.id)) {
				this.known.add(p.id);
				this.ref.projectAdded(p.id, p.created_at);
			}
		this.ref.observe(snapshot(this.sim, this.event));
	}

	private mutate(m: Mutation) {
		apply(this.sim, this.event, this.history.settings.windowMinutes, m);
		this.observe();
	}

	async step(s: Step) {
		switch (s.kind) {
			case 'advance':
				jest.setSystemTime(Date.now() + s.minutes * 60_000);
				return this.observe();
			case 'poll':
				return await this.poll({ slowMs: s.slowMs });
			case 'pollFails':
				return await this.poll({ failSkip: s.skip });
			case 'pollDuring':
				return await this.poll({ slowMs: s.slowMs, during: { at: s.at, mutation: s.during } });
			case 'pollPair':
				return await this.poll({ pair: this.trigger.durableCursors });
			case 'restart':
				this.trigger.restart();
				return this.ref.restarted(!this.trigger.durableCursors);
			case 'reimport':
				this.trigger.reimport();
				this.ref.startedAfresh(this.ref.scope, false);
				return await this.poll({});
			case 'switchScope': {
				const scope = this.ref.scope === 'one' ? 'all' : 'one';
				this.trigger.switchScope(scope);
				this.ref.startedAfresh(scope, true);
				return await this.poll(s.fails ? { failSkip: 0 } : {});
			}
			default:
				return this.mutate(s);
		}
	}

	private hook(plan: PollPlan) {
		let lists = 0;
		return (request: LoggedRequest) => {
			if (plan.slowMs) jest.setSystemTime(Date.now() + plan.slowMs);
			// Records that join the lists late may join now: the answer shows them (late-joins dialect).
			if (this.sim.dialect.lateJoins) this.observe();
			if (request.path !== listPath(this.event)) return;
			lists++;
			// The change lands before this answer is built: the answer already shows it.
			if (plan.during && lists === plan.during.at + 1) this.mutate(plan.during.mutation);
			const key = bearerOf(request);
			const project = this.sim.state.projects.find((p) => p.key === key);
			if (project) this.ref.read(project.id);
		};
	}

	async poll(plan: PollPlan) {
		const poll = this.ref.pollStarted();
		const sent = this.sim.requests.length;
		this.sim.answering = this.hook(plan);
		if (plan.failSkip !== undefined) {
			// Before this scope's first successful poll, the whole poll fails (the project list).
			const whole = this.ref.scope === 'all' && (!this.ref.activated || plan.failSkip === 0);
			this.sim.injectFault({
				method: 'GET',
				path: whole ? '/agency/projects' : listPath(this.event),
				skip: whole ? 0 : plan.failSkip,
				times: 1_000,
				fault: { kind: 'status', status: 500 },
			});
		}
		let outputs: Output[] = [];
		let ok = true;
		let saved = false;
		try {
			if (plan.pair) outputs = await this.trigger.pollPair();
			else {
				const result = await this.trigger.poll();
				outputs = [result.output];
				saved = result.saved;
			}
		} catch (error) {
			ok = false;
			if (plan.failSkip === undefined) this.errors.push(String((error as Error).message));
		}
		this.sim.answering = this.hook({});
		this.sim.clearFaults();
		let capped = false;
		for (const output of outputs) {
			const items = output?.[0] ?? [];
			if (this.maxEvents !== undefined && items.length > this.maxEvents)
				this.fail('maxEvents', `a poll emitted ${items.length} items (max ${this.maxEvents})`);
			if (this.maxEvents !== undefined && items.length >= this.maxEvents) capped = true;
			for (const item of items)
				this.ref.emitted(keyOfItem(this.event, item.json, this.sim.defaultProject().id));
		}
		const drained = ok && !plan.slowMs && plan.failSkip === undefined && !capped;
		this.ref.pollEnded(poll, ok, drained, this.failedProjects(sent));
		if (plan.slowMs) this.ref.pressed.push(poll);
		// Durable poll cursors: every poll that succeeded committed its cursor.
		if (ok && (saved || this.trigger.durableCursors)) this.ref.saved();
		const size = this.trigger.storedSize();
		if (size > STATIC_DATA_LIMIT) this.fail('staticData', `static data of ${size} bytes`);
		this.observe();
		return { ok, emitted: outputs.some((o) => (o?.[0] ?? []).length > 0), drained };
	}

	/** Projects a list request of the poll failed for (since request `sent`). */
	private failedProjects(sent: number): Set<number> {
		const failed = new Set<number>();
		for (const request of this.sim.requests.slice(sent)) {
			if (request.path !== listPath(this.event) || request.status === 200) continue;
			const project = this.sim.state.projects.find((p) => p.key === bearerOf(request));
			if (project) failed.add(project.id);
		}
		return failed;
	}

	private fail(kind: Failure['kind'], detail: string) {
		if (!this.ref.failures.some((f) => f.kind === kind)) this.ref.failures.push({ kind, detail });
	}

	/** Polls with nothing in the way until three in a row emit nothing. */
	async drain() {
		if (this.sim.dialect.lateJoins) {
			// Every record created joins the lists before the drain (they join at most seconds late).
			jest.setSystemTime(Date.now() + 10_000);
			this.observe();
		}
		let quiet = 0;
		for (let i = 0; i < DRAIN_POLLS && quiet < 3; i++) {
			const { ok, emitted } = await this.poll({});
			quiet = ok && !emitted ? quiet + 1 : 0;
		}
	}
}

/**
 * Runs a history from a fresh simulator state; the failures found (none: the trigger kept the contract).
 * `clearError`: the simulator's dialect is one the trigger cannot serve (it ignores the sort direction):
 * then nothing may fire twice or wrongly, and once a poll failed with an error matching it, what did not
 * fire is no loss; a poll that failed with another error is.
 */
export async function runHistory(
	sim: ApiSimulator,
	history: History,
	clearError?: RegExp,
): Promise<Failure[]> {
	fakeDateOnly(START);
	// All Projects skips a project that fails, with a warning in n8n's log: that tells the user too.
	const warn = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
	try {
		sim.reset();
		setUp(sim, history.settings.projects);
		const run = new Run(sim, history);
		for (const s of history.steps) await run.step(s);
		await run.drain();
		// A service that took no value tried for the duplicate facet: the trigger warned that a review
		// flagged duplicate when it started may fire when un-flagged (docs/trigger.md, Accepted limits).
		const facetWarned = warn.mock.calls.some((call) => /duplicate facet/.test(String(call[0])));
		const failures = run.ref
			.check()
			.filter(
				(failure) =>
					!(
						facetWarned &&
						failure.kind === 'forbidden' &&
						/flagged duplicate/.test(failure.detail)
					),
			);
		if (!clearError) return failures;
		const unclear = run.errors.filter((message) => !clearError.test(message));
		const warned = warn.mock.calls.some((call) => clearError.test(String(call[0])));
		const told = warned || run.errors.length > unclear.length;
		return [
			...failures.filter((failure) => !(told && failure.kind === 'loss')),
			...unclear.map((detail): Failure => ({
				kind: 'unknown',
				detail: `a poll failed: ${detail}`,
			})),
		];
	} finally {
		warn.mockRestore();
		sim.answering = undefined;
		sim.clearFaults();
		jest.useRealTimers();
	}
}

/** Losses first: a shrunk history keeps the worst kind of failure the original had. */
const PRIORITY: Failure['kind'][] = [
	'loss',
	'duplicate',
	'forbidden',
	'unknown',
	'maxEvents',
	'staticData',
];

/** Deletes steps (one at a time, greedily) while the history still fails the same way. */
export async function shrink(
	sim: ApiSimulator,
	history: History,
	failures: Failure[],
	clearError?: RegExp,
): Promise<History> {
	const kind = PRIORITY.find((k) => failures.some((f) => f.kind === k));
	const fails = async (h: History) =>
		(await runHistory(sim, h, clearError)).some((f) => f.kind === kind);
	let best = history;
	for (let changed = true; changed;) {
		changed = false;
		for (let i = best.steps.length - 1; i >= 0; i--) {
			const candidate = { ...best, steps: best.steps.filter((_, j) => j !== i) };
			if (await fails(candidate)) {
				best = candidate;
				changed = true;
			}
		}
	}
	return best;
}

/** The report of a failing history: seed, shortest history, what failed in it. */
export async function explain(
	sim: ApiSimulator,
	history: History,
	found: Failure[],
	shrinking = true,
	clearError?: RegExp,
): Promise<string> {
	const shortest = shrinking ? await shrink(sim, history, found, clearError) : history;
	const failures = await runHistory(sim, shortest, clearError);
	return [
		`Trigger model: seed ${history.seed} fails. ${shrinking ? 'Shortest history' : 'History (not shrunk)'} (${shortest.steps.length} of ${history.steps.length} steps):`,
		formatHistory(shortest),
		'Failures:',
		...failures.slice(0, 8).map((f) => `  ${f.kind}: ${f.detail}`),
		failures.length > 8 ? `  ... and ${failures.length - 8} more` : '',
		`(replay: MODEL_SEEDS=${history.seed} npx jest test/trigger/model.test.ts)`,
	].join('\n');
}
