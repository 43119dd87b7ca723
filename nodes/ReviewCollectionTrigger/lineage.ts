/**
 * What this process remembers of a trigger (module memory in ../ReviewCollection/transport/memory.ts:
 * n8n gives a node no per-workflow store), and where it applies (contract §9): only to the same
 * activation. On n8n's durable poll cursors each poll works on a copy of the committed cursor, and two
 * polls of one trigger can start from the same copy (after a restart n8n runs overdue polls together).
 * They run one after another here (`oneAtATime`), and the later one, finding its copy an OLDER state of
 * the same activation (same `activation` id, lower `generation`) than what the earlier one handed over,
 * goes on from that instead of emitting the same records again. Only a poll that started before that
 * hand-over ended is caught up (`catchUp`); a later one is handed what n8n kept, the truth.
 * A state is never resumed once a poll of another scope ran after it (`Lineage.mayResume`).
 * Bounded: the newest MAX_TRIGGERS triggers.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { triggerLineage } from '../ReviewCollection/transport/memory';
import type { PollBudget } from './reading/budget';

const MAX_TRIGGERS = 500;
/** Activations left for another scope, remembered per trigger (a switch back and forth and back). */
const MAX_LEFT = 8;

/** What a poll is told of the lineage of the state n8n handed it (./poll.ts). */
export interface Lineage {
	/** This process polled the activation this state descends from before (no restart since). */
	continued: boolean;
	/**
	 * Told the poll's scope: may the state handed be resumed? Not once a poll of another scope ran
	 * after it in this process (contract §8: a switch starts afresh, an old cursor is never resumed),
	 * even a poll that failed or was not saved, so that n8n hands that state again (default saving).
	 */
	mayResume(scope: string): boolean;
}

const slotOf = (ctx: IPollFunctions) =>
	`${ctx.getWorkflow().id ?? 'unsaved'}:${ctx.getNode().name}`;

/**
 * Polls of one active trigger run one after another in this process: a poll started while another runs
 * waits for it, then (see above) goes on from what it handed over. Its budget counts from when n8n
 * started it, waiting included (n8n's timeout does). `poll` is told the lineage of its state (above).
 */
export async function oneAtATime<T>(
	ctx: IPollFunctions,
	staticData: IDataObject,
	budget: PollBudget,
	poll: (lineage: Lineage) => Promise<T>,
): Promise<T> {
	const slot = slotOf(ctx);
	// Which polls started before a hand-over ended (a count, not the clock: n8n's clock can stand still).
	const startedAt = triggerLineage.tickets.next++;
	const previous = triggerLineage.running.get(slot);
	const current = (previous ?? Promise.resolve())
		.catch(() => undefined)
		.then(async () => {
			catchUp(slot, staticData, startedAt);
			const handed = typeof staticData.activation === 'string' ? staticData.activation : undefined;
			const before = JSON.stringify(staticData);
			const result = await poll({
				continued: handed !== undefined && polledOf(slot).polled === handed,
				mayResume: (scope) => mayResume(slot, handed, staticData.scope === scope),
			});
			// An idle poll changes nothing (on durable cursors: nothing to commit). A poll that ended past
			// its budget may have been abandoned by n8n (its output and cursor dropped): not taken as handed
			// over, so the next poll starts from what n8n committed (at worst a repeat, never a loss).
			// This process has seen the polls of this activation (a project first seen now starts silently).
			setPolled(slot, String(staticData.activation), polledOf(slot).left);
			if (!budget.overrun() && JSON.stringify(staticData) !== before) record(slot, staticData);
			return result;
		});
	triggerLineage.running.set(slot, current);
	try {
		return await current;
	} finally {
		if (triggerLineage.running.get(slot) === current) triggerLineage.running.delete(slot);
	}
}

/**
 * `triggerLineage.polled`, per trigger: the activation this process last polled, then (space-separated) the
 * activations it left for another scope.
 */
function polledOf(slot: string): { polled: string; left: string[] } {
	const [polled = '', ...left] = (triggerLineage.polled.get(slot) ?? '').split(' ');
	return { polled, left };
}

function setPolled(slot: string, activation: string, left: string[]) {
	remember(triggerLineage.polled, slot, [activation, ...left.slice(-MAX_LEFT)].join(' '));
}

/** A poll of another scope than the state handed leaves that state's activation for good. */
function mayResume(slot: string, handed: string | undefined, sameScope: boolean): boolean {
	if (handed === undefined) return true;
	const { polled: last, left } = polledOf(slot);
	if (left.includes(handed)) return false;
	if (!sameScope) setPolled(slot, last, [...left, handed]);
	return true;
}

function generationOf(staticData: IDataObject): number {
	return typeof staticData.generation === 'number' ? staticData.generation : 0;
}

/**
 * The state handed is older than what this process handed over when n8n started its poll before the
 * poll that handed it over had ended (both from one committed copy, two polls at activation included):
 * an older generation of the same activation, or whatever it holds (empty too) of another. A poll
 * started after that is handed what n8n kept since, and it is the truth.
 */
function catchUp(slot: string, staticData: IDataObject, startedAt: number) {
	const last = triggerLineage.handed.get(slot);
	// Started after the hand-over ended: n8n hands what it kept (an older generation: it dropped the
	// newer, e.g. a poll it abandoned past its timeout).
	if (!last || startedAt >= last.endedAt) return;
	const older =
		staticData.activation !== last.activation || generationOf(staticData) < last.generation;
	if (!older) return;
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, JSON.parse(last.data) as IDataObject);
}

function record(slot: string, staticData: IDataObject) {
	staticData.generation = generationOf(staticData) + 1;
	remember(triggerLineage.handed, slot, {
		activation: String(staticData.activation),
		generation: staticData.generation,
		data: JSON.stringify(staticData),
		endedAt: triggerLineage.tickets.next,
	});
}

function remember<V>(store: Map<string, V>, slot: string, value: V) {
	store.delete(slot);
	store.set(slot, value);
	if (store.size > MAX_TRIGGERS) store.delete(store.keys().next().value as string);
}
