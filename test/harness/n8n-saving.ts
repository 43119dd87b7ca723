/**
 * n8n's two ways of keeping a poll trigger's node static data, modelled around the harness poller (read
 * in n8n 2.41.1: n8n-core `poll-trigger-executor.js`, the app's `trigger-execution-context.factory.js`):
 *
 * - legacy (default): static data lives in the workflow object; the database copy is written at
 *   activation and when a poll emits (`__emit`). A poll that returns null is not saved. A restart loads
 *   what was saved into a new Workflow (and the process's memory is gone: a new poller).
 * - durable cursors (`N8N_POLLER_DURABLE_CURSORS_ENABLED`): each poll gets a copy of the committed cursor;
 *   the copy is committed with the execution when the poll emits, alone when it returns null and changed
 *   it, and dropped when it throws. Polls can overlap, each from the copy it took when it started.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { CreatePollerOptions, Poller } from './poller';
import { asStored, createPoller } from './poller';

export class LegacySavedTrigger {
	poller: Poller;
	/** workflow.staticData as the database holds it. */
	saved: IDataObject = {};

	constructor(private readonly options: CreatePollerOptions) {
		this.poller = createPoller(options);
	}

	/** The activation poll: its static data is saved whatever it returns. */
	async activate(): Promise<INodeExecutionData[][] | null> {
		const output = await this.poller.poll();
		this.saved = asStored(this.poller.workflow.staticData);
		return output;
	}

	/** A scheduled poll: saved only when it emits. */
	async poll(): Promise<INodeExecutionData[][] | null> {
		const output = await this.poller.poll();
		if (output !== null) this.saved = asStored(this.poller.workflow.staticData);
		return output;
	}

	/** n8n restarts: a new process (no memory) and a Workflow built from what was saved. */
	restart(): void {
		this.poller = createPoller({ ...this.options, workflowStaticData: this.saved });
	}
}

export class DurableCursorTrigger {
	readonly poller: Poller;
	/** poller_state.cursor: the node static data committed last. */
	committed: IDataObject = {};
	/** Polls n8n abandoned (ran past `timeoutMs`): their output and cursor were dropped. */
	abandoned = 0;

	/**
	 * `timeoutMs`: n8n's poll timeout (its budget is that minus a margin); a poll that ends later is
	 * abandoned: n8n drops what it returns and commits nothing. Unset: no timeout.
	 */
	constructor(
		options: CreatePollerOptions,
		private readonly timeoutMs?: number,
	) {
		this.poller = createPoller(options);
	}

	/** Takes its copy of the committed cursor now; commits it when the poll ends (emitted or changed). */
	async poll(): Promise<INodeExecutionData[][] | null> {
		const started = Date.now();
		const copy = structuredClone(this.committed);
		const before = JSON.stringify(copy);
		const output = await this.poller.pollStaged(copy);
		if (this.timeoutMs !== undefined && Date.now() - started > this.timeoutMs) {
			this.abandoned++;
			return null;
		}
		const after = asStored(copy);
		if (output !== null || JSON.stringify(after) !== before) this.committed = after;
		return output;
	}
}
