import { sleep } from 'n8n-workflow';

import { backoffGates } from './memory';

/**
 * One back-off gate per execution (the context object): when any request gets a 429, every request of
 * the same execution (the other items in flight with "Concurrency" > 1, and the next ones) holds back
 * until the wait the API asked for is over, instead of each one running into the limit again.
 */
const gates = backoffGates;

/**
 * Waits while the execution is backing off. With `latest` (epoch ms), a gate that stays closed past it
 * is not waited for at all: answers false at once.
 */
export async function passGate(ctx: object, latest = Infinity): Promise<boolean> {
	const gate = gates.get(ctx);
	for (let wait = gate ? gate.until - Date.now() : 0; wait > 0; wait = gate!.until - Date.now()) {
		if (gate!.until > latest) return false;
		await sleep(wait);
	}
	return true;
}

/** Closes the gate for `delayMs` (never shortens a wait already set). */
export function closeGate(ctx: object, delayMs: number): void {
	const until = Date.now() + delayMs;
	const gate = gates.get(ctx);
	if (!gate) gates.set(ctx, { until });
	else if (until > gate.until) gate.until = until;
}
