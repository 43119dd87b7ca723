/**
 * The reference model, written from the contract (§4, §7, §8, §9), not from the trigger's code. It
 * records facts as the history runs (when each occurrence appeared and was withdrawn, which polls ran,
 * when each activation happened, when a project was first read, what n8n saved) and, at the end,
 * says for each occurrence: must fire exactly once, must not fire, or may fire (at most once), with
 * the rule that decided it (verdict.ts, and per event family rules-*.ts). "Tick" orders what
 * happened; seconds are n8n's (faked) clock.
 */
import type { Settings } from './history';
import type { Epoch, Fact, Failure, Poll, Recorded } from './facts';
import { verdictOf } from './verdict';
import type { Snapshot } from './world';

export type { Failure } from './facts';

export class Reference implements Recorded {
	tick = 0;
	private current: Snapshot | undefined;
	private facts = new Map<string, Fact>();
	readonly epochs: Epoch[] = [];
	readonly polls: Poll[] = [];
	readonly drained: Poll[] = [];
	/** Polls against a slow service (their budget may cut them short). */
	readonly pressed: Poll[] = [];
	/** Drained polls whose static data a restart on default saving lost (nothing saved since). */
	readonly unsaved = new Set<Poll>();
	/** project -> tick of its first list request answered in the poll under way. */
	private pendingReads = new Map<number, number>();
	private newest = new Map<number, number>();
	private born = new Map<string, number>();
	/** Tick a record was created that the lists did not show yet (the late-joins dialect). */
	private unlisted = new Map<string, number>();
	readonly withdrawals: Array<{ project: number; interval: number }> = [];
	readonly removals: Array<{ project: number; interval: number }> = [];
	readonly projectCreated = new Map<number, { tick: number; sec: number }>();
	private lastSave = -1;
	private lastSaveEpoch = -1;
	/** Tick of the last restart on default saving, and of the last poll of each scope. */
	private lastRestart = -1;
	private lastPollOf: Record<'one' | 'all', number> = { one: -1, all: -1 };
	readonly failures: Failure[] = [];

	/** Start From in seconds (n8n's clock at set-up minus the setting). */
	readonly startFrom: number | undefined;

	constructor(
		readonly settings: Settings,
		readonly watched: number,
	) {
		const minutes = settings.startFromMinutes;
		this.startFrom =
			minutes === undefined ? undefined : Math.floor(Date.now() / 1000) - minutes * 60;
		this.epochs.push({ scope: settings.scope, firstRead: new Map() });
	}

	private get epoch() {
		return this.epochs.length - 1;
	}

	get scope() {
		return this.epochs[this.epoch].scope;
	}

	get activated() {
		return this.epochs[this.epoch].activation !== undefined;
	}

	next() {
		return ++this.tick;
	}

	/** A project the model did not create at set-up (a new client of the agency). */
	projectAdded(id: number, sec: number) {
		if (!this.projectCreated.has(id)) this.projectCreated.set(id, { tick: this.next(), sec });
	}

	/** The state after a step: what appeared and what was withdrawn since the last one. */
	observe(s: Snapshot) {
		const tick = this.next();
		const previous = this.current;
		for (const [key, o] of s.occurrences) {
			if (previous?.occurrences.has(key)) continue;
			const id = `${this.epoch}|${key}`;
			const known = this.facts.get(id);
			if (known) {
				known.reappeared = tick;
				continue;
			}
			const recordKey = key.split('@')[0];
			const fact: Fact = {
				...o,
				epoch: this.epoch,
				tick,
				newestBefore: this.newest.get(o.project) ?? -Infinity,
				newestListed: this.newestListed(previous, o.project),
				born: this.born.get(recordKey) ?? tick,
				...(this.unlisted.has(recordKey) ? { createdUnlisted: this.unlisted.get(recordKey) } : {}),
				interval: this.drained.length,
				emits: [],
			};
			if (this.settings.event === 'reviewUnanswered' && previous) {
				fact.imported = !previous.records.has(recordKey);
				fact.notFresh = o.moment <= previous.at;
			}
			this.facts.set(id, fact);
		}
		for (const record of s.records) if (!this.born.has(record)) this.born.set(record, tick);
		for (const record of s.pending)
			if (!this.born.has(record) && !this.unlisted.has(record)) this.unlisted.set(record, tick);
		for (const o of s.occurrences.values())
			this.newest.set(o.project, Math.max(this.newest.get(o.project) ?? -Infinity, o.moment));
		for (const [key, o] of previous?.occurrences ?? []) {
			if (s.occurrences.has(key)) continue;
			const fact = this.facts.get(`${this.epoch}|${key}`);
			if (fact && fact.withdrawn === undefined) fact.withdrawn = tick;
			const window = this.settings.windowMinutes * 60;
			if (o.moment >= (this.newest.get(o.project) ?? 0) - window)
				this.withdrawals.push({ project: o.project, interval: this.drained.length });
			this.removals.push({ project: o.project, interval: this.drained.length });
		}
		this.current = s;
	}

	private newestListed(s: Snapshot | undefined, project: number) {
		let newest = -Infinity;
		for (const o of s?.occurrences.values() ?? [])
			if (o.project === project && o.moment > newest) newest = o.moment;
		return newest;
	}

	pollStarted(): Poll {
		const start = this.next();
		this.lastPollOf[this.epochs[this.epoch].scope] = start;
		return { start, end: 0, startSec: Math.floor(Date.now() / 1000), endSec: 0 };
	}

	/** A poll ended; `drained`: a successful poll with no budget pressure and no cap reached. */
	pollEnded(poll: Poll, ok: boolean, drained: boolean, failed: Set<number>) {
		// A project's first read counts once a poll kept it: the poll succeeded, and so did that project.
		const reads = this.epochs[this.epoch].firstRead;
		for (const [project, tick] of this.pendingReads)
			if (ok && !failed.has(project) && !reads.has(project)) reads.set(project, tick);
		this.pendingReads.clear();
		poll.end = this.next();
		poll.endSec = Math.floor(Date.now() / 1000);
		this.polls.push(poll);
		const epoch = this.epochs[this.epoch];
		if (ok && !epoch.activation) {
			epoch.activation = poll;
			this.handedBack(epoch);
		} else if (ok && drained) this.drained.push(poll);
	}

	/**
	 * Switched away and back with nothing saved in between, and n8n restarted since the other scope's
	 * last poll: n8n hands the state this scope saved before, and the new process cannot tell it was
	 * left (§9 limit, docs/trigger.md): what happened since that save may fire.
	 */
	private handedBack(epoch: Epoch) {
		const saver = this.epochs[this.lastSaveEpoch];
		const other = epoch.scope === 'one' ? 'all' : 'one';
		if (
			epoch.switched &&
			saver &&
			saver !== epoch &&
			saver.scope === epoch.scope &&
			this.lastRestart > this.lastPollOf[other]
		)
			epoch.oldStateFrom = this.lastSave;
	}

	/** The event's list of `project` was read (a request answered) by the poll under way. */
	read(project: number) {
		if (!this.pendingReads.has(project)) this.pendingReads.set(project, this.next());
	}

	emitted(key: string) {
		const fact = this.facts.get(`${this.epoch}|${key}`);
		if (fact) fact.emits.push(this.tick);
		else this.failures.push({ kind: 'unknown', detail: `emitted ${key}, which never happened` });
	}

	saved() {
		this.lastSave = this.tick;
		this.lastSaveEpoch = this.epoch;
	}

	/**
	 * n8n restarted: the process forgets which activations it polled (both savings: a switch back is then
	 * handed the old state, ./handedBack); on default saving the state is what it saved.
	 */
	restarted(legacy: boolean) {
		this.lastRestart = this.next();
		if (!legacy) return;
		for (const p of this.drained) if (p.end > this.lastSave) this.unsaved.add(p);
		const epoch = this.epochs[this.epoch];
		if (epoch.activation && this.lastSave < epoch.activation.end) {
			epoch.lostFrom = epoch.activation.start;
			epoch.activation = undefined;
			// Nothing this epoch read was saved: the next activation reads every project afresh.
			epoch.firstRead.clear();
		}
		// A project first read after activation (new, or not reached by the activation poll) whose first
		// read n8n did not save: its start is rebuilt from a date (§9's documented limit).
		const act = epoch.activation ?? { end: Infinity, startSec: 0 };
		for (const [project, readAt] of epoch.firstRead) {
			const created = this.projectCreated.get(project);
			if ((!created && readAt < act.end) || this.lastSave >= readAt) continue;
			const since = created?.sec ?? act.startSec;
			for (const fact of this.facts.values())
				if (fact.epoch === this.epoch && fact.project === project && fact.moment < since)
					if (fact.tick >= readAt) fact.savingLimit = true;
			epoch.firstRead.delete(project);
		}
	}

	/** A change that starts afresh (§8, §9): switching scope, or empty static data again. */
	startedAfresh(scope: 'one' | 'all', switched: boolean) {
		this.epochs[this.epoch].ended = this.next();
		this.epochs.push({ scope, switched, firstRead: new Map() });
		// The new epoch sees the list as it stands: nothing in it is new to it.
		const s = this.current;
		this.current = undefined;
		if (s) this.observe({ ...s });
	}

	/** Checks every occurrence; failures are added to `failures`. */
	check(): Failure[] {
		for (const [id, f] of this.facts) {
			const { verdict, why } = verdictOf(this, f);
			const name = `${id} (moment ${f.moment}, appeared at tick ${f.tick}: ${why})`;
			if (f.emits.length > 1)
				this.failures.push({ kind: 'duplicate', detail: `${name} fired ${f.emits.length} times` });
			else if (verdict === 'must' && f.emits.length === 0)
				this.failures.push({ kind: 'loss', detail: `${name} never fired` });
			else if (verdict === 'mustNot' && f.emits.length > 0)
				this.failures.push({ kind: 'forbidden', detail: `${name} fired` });
		}
		return this.failures;
	}
}
