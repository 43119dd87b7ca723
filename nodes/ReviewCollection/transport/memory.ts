/**
 * Every piece of module memory the package keeps, in one place: only what must outlive an execution.
 * n8n gives a node no per-workflow store besides static data (which is saved with the workflow and must
 * hold no secret), so what an active trigger remembers between its polls (separate executions) lives
 * here, keyed by workflow id + node name (bounded; the oldest go first). What one execution keeps is
 * passed, not stored: ./execution.ts.
 *
 * Each store is owned (read and written) by one module, named on it.
 */
/**
 * credentials.ts: project keys of an active trigger, kept between its polls (an idle poll stays one
 * request), bound to the credential id and Base URL they were read through (`binding`).
 */
export const triggerProjectKeys = new Map<
	string,
	{ binding: string; keys: Map<string, Promise<string>> }
>();

/**
 * ReviewCollectionTrigger/lineage.ts, per trigger: what it last handed to n8n (`handed`: its static data
 * as JSON, with the activation it descends from and its generation), the activation this process last
 * polled and, after it, the activations left for another scope (`polled`, space-separated), the poll
 * running now (`running`), and the polls started in this process, counted (`tickets`: `endedAt` is this
 * count when a hand-over ended).
 */
export const triggerLineage = {
	handed: new Map<
		string,
		{ activation: string; generation: number; data: string; endedAt: number }
	>(),
	polled: new Map<string, string>(),
	running: new Map<string, Promise<unknown>>(),
	tickets: { next: 0 },
};
