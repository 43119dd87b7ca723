import { sleep } from 'n8n-workflow';

/** Where an execution keeps its gate (./execution.ts). */
interface Gate {
	backoffUntil: number;
}

/**
 * One back-off gate per execution: when any request gets a 429, every request of the same execution
 * (the other items in flight with "Concurrency" > 1, and the next ones) holds back until the wait the
 * API asked for is over, instead of each one running into the limit again.
 */

/**
 * Waits while the execution is backing off. With `latest` (epoch ms), a gate that stays closed past it
 * is not waited for at all: answers false at once.
 */
export async function passGate(execution: Gate, latest = Infinity): Promise<boolean> {
	for (let wait = execution.backoffUntil - Date.now(); wait > 0;) {
		if (execution.backoffUntil > latest) return false;
		await sleep(wait);
		wait = execution.backoffUntil - Date.now();
	}
	return true;
}

/** Closes the gate for `delayMs` (never shortens a wait already set). */
export function closeGate(execution: Gate, delayMs: number): void {
	execution.backoffUntil = Math.max(execution.backoffUntil, Date.now() + delayMs);
}
