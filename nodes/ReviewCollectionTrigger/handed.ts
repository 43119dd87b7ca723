/**
 * What this process last handed to n8n, per trigger (module memory, in ../ReviewCollection/transport/
 * memory.ts: n8n gives a node no per-workflow store). On n8n's durable poll cursors each poll works on a copy of the committed cursor, and two polls
 * of one trigger can start from the same copy (after a restart n8n runs overdue polls together); they run
 * one after another here (`oneAtATime`), and the later one, finding its copy older than what the earlier
 * one handed over, goes on from that instead of emitting the same records again. Each poll stamps its
 * static data with a `generation` to tell older from newer. Bounded: the newest MAX_TRIGGERS triggers.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { triggerHanded, triggerRunning } from '../ReviewCollection/transport/memory';
import type { PollBudget } from './budget';

const MAX_TRIGGERS = 500;
const handed = triggerHanded;
const running = triggerRunning;

const slotOf = (ctx: IPollFunctions) =>
	`${ctx.getWorkflow().id ?? 'unsaved'}:${ctx.getNode().name}`;

/**
 * Polls of one active trigger run one after another in this process: a poll started while another runs
 * waits for it, then (see above) goes on from what it handed over. Its budget counts from when n8n
 * started it, waiting included (n8n's timeout does).
 */
export async function oneAtATime<T>(
	ctx: IPollFunctions,
	staticData: IDataObject,
	budget: PollBudget,
	poll: () => Promise<T>,
): Promise<T> {
	const slot = slotOf(ctx);
	const previous = running.get(slot);
	const current = (previous ?? Promise.resolve())
		.catch(() => undefined)
		.then(async () => {
			catchUp(slot, staticData);
			const before = JSON.stringify(staticData);
			const result = await poll();
			// An idle poll changes nothing (on durable cursors: nothing to commit). A poll that ended past
			// its budget may have been abandoned by n8n (its output and cursor dropped): not taken as handed
			// over, so the next poll starts from what n8n committed (at worst a repeat, never a loss).
			if (JSON.stringify(staticData) !== before && !budget.overrun()) record(slot, staticData);
			return result;
		});
	running.set(slot, current);
	try {
		return await current;
	} finally {
		if (running.get(slot) === current) running.delete(slot);
	}
}

function generationOf(staticData: IDataObject): number {
	return typeof staticData.generation === 'number' ? staticData.generation : 0;
}

function catchUp(slot: string, staticData: IDataObject) {
	const last = handed.get(slot);
	if (!last || generationOf(staticData) >= last.generation) return;
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, JSON.parse(last.data) as IDataObject);
}

function record(slot: string, staticData: IDataObject) {
	staticData.generation = generationOf(staticData) + 1;
	handed.delete(slot);
	handed.set(slot, { generation: staticData.generation, data: JSON.stringify(staticData) });
	if (handed.size > MAX_TRIGGERS) handed.delete(handed.keys().next().value as string);
}
