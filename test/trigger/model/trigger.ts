/**
 * One Review Collection Trigger as n8n runs it, on either of n8n's ways of keeping its static data
 * (test/harness/n8n-saving.ts): default saving (saved at activation and by a poll that emits; a
 * restart loads what was saved) or durable poll cursors (each poll starts from a copy of the
 * committed cursor; two polls can start from the same one).
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { triggerProperties } from '../../../nodes/ReviewCollectionTrigger/description';
import type { CreatePollerOptions } from '../../harness';
import { TRIGGER_NODE_NAME } from '../../harness';
import { DurableCursorTrigger, LegacySavedTrigger } from '../../harness/n8n-saving';
import { byId } from '../../harness/simulator-env';
import type { ApiSimulator } from '../../simulator';
import type { Settings } from './history';
import { UNANSWERED_HOURS } from './world';

export type Output = INodeExecutionData[][] | null;

/** Does the trigger offer Max Events per Poll (contract §9)? Read from the node's own description. */
export function offersMaxEvents(): boolean {
	return triggerProperties.some(
		(p) =>
			p.name === 'options' &&
			((p.options ?? []) as Array<{ name: string }>).some((o) => o.name === 'maxEventsPerPoll'),
	);
}

export class TriggerUnderTest {
	private readonly options: CreatePollerOptions;
	private legacy?: LegacySavedTrigger;
	private durable?: DurableCursorTrigger;
	/** The next poll is an activation (n8n saves its static data whatever it returns). */
	private activating = true;

	constructor(sim: ApiSimulator, settings: Settings, maxEvents: number | undefined) {
		const options: Record<string, number | string> = { lateEventWindow: settings.windowMinutes };
		if (maxEvents !== undefined) options.maxEventsPerPoll = maxEvents;
		if (settings.startFromMinutes !== undefined)
			options.startFrom = new Date(Date.now() - settings.startFromMinutes * 60_000).toISOString();
		const parameters: INodeParameters = {
			event: settings.event,
			authentication: 'agencyKey',
			projectScope: settings.scope,
			projectId: byId(sim.defaultProject().id),
			unansweredHours: UNANSWERED_HOURS,
			options,
			requestOptions: { maxRetries: 0 },
		};
		this.options = {
			parameters,
			credentials: {
				reviewCollectionAgencyApi: { baseUrl: sim.baseUrl, apiKey: sim.agencyKey },
			},
			budgetMs: 5_000,
		};
		if (settings.saving === 'legacy') this.legacy = new LegacySavedTrigger(this.options);
		else this.durable = new DurableCursorTrigger(this.options);
	}

	/** One poll; `saved` says whether n8n's copy of the static data changed (default saving). */
	async poll(): Promise<{ output: Output; saved: boolean }> {
		if (this.durable) return { output: await this.durable.poll(), saved: false };
		const activating = this.activating;
		this.activating = false;
		const output = activating ? await this.legacy!.activate() : await this.legacy!.poll();
		return { output, saved: activating || output !== null };
	}

	/** Durable cursors only: two polls started together from one committed copy. */
	async pollPair(): Promise<Output[]> {
		return await Promise.all([this.durable!.poll(), this.durable!.poll()]);
	}

	get durableCursors() {
		return this.durable !== undefined;
	}

	restart() {
		if (this.legacy) {
			// A new process: built without a workflow id of its own (this process's memory of it stays behind).
			const saved = this.legacy.saved;
			this.legacy = new LegacySavedTrigger(this.options);
			this.legacy.saved = saved;
			this.legacy.restart();
		} else {
			const committed = this.durable!.committed;
			this.durable = new DurableCursorTrigger(this.options);
			this.durable.committed = committed;
		}
	}

	/**
	 * The workflow is activated anew with empty static data, in this process, under the same workflow id
	 * (re-imported, or its static data cleared): §9 says that is an activation, whatever the process remembers.
	 */
	reimport() {
		const workflowId = (this.legacy?.poller ?? this.durable!.poller).workflow.id;
		const options = { ...this.options, workflowId };
		if (this.legacy) this.legacy = new LegacySavedTrigger(options);
		else this.durable = new DurableCursorTrigger(options);
		this.activating = true;
	}

	/** The user switches One Project <-> All Projects and saves the active workflow (a re-activation). */
	switchScope(scope: 'one' | 'all') {
		this.options.parameters.projectScope = scope;
		const poller = this.legacy?.poller ?? this.durable!.poller;
		const node = poller.workflow.getNode(TRIGGER_NODE_NAME)!;
		node.parameters.projectScope = scope;
		// As in the editor: One Project shows the Project picker again, with the project chosen in it
		// (n8n drops the hidden parameter while All Projects is chosen).
		node.parameters.projectId = this.options.parameters.projectId;
		this.activating = true;
	}

	/** Size in bytes of the node's static data as n8n stores it. */
	storedSize(): number {
		const data = this.legacy ? this.legacy.saved : this.durable!.committed;
		return JSON.stringify(data).length;
	}
}
