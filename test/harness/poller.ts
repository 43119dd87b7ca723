/**
 * createPoller: a polling trigger in an ACTIVE workflow. One Workflow object lives across polls, as
 * in the app's ActiveWorkflowManager; each poll builds a fresh PollContext and runs it through
 * n8n-core's PollTriggerExecutor (-> TriggersAndPollers.runPollFunction), the path the app's poll
 * scheduler takes. 'manual' is the editor's "Fetch Test Event": WorkflowExecute.executePollNode
 * builds PollContext(mode 'manual', activation 'manual') on a workflow loaded from the database, and
 * a manual run does not save static data, so it runs on a copy and its changes are discarded.
 */
import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor, TriggersAndPollers } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { HarnessRegistry } from './registry';
import { defaultRegistry } from './registry';
import { nodeFor } from './run-node';

export const TRIGGER_NODE_NAME = 'Trigger Under Test';

export interface CreatePollerOptions {
	registry?: HarnessRegistry;
	/** Default 'reviewCollectionTrigger'. */
	nodeType?: string;
	typeVersion?: number;
	parameters: INodeParameters;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Default true: after every poll, round-trip static data through JSON as the app's database would. */
	persistStaticData?: boolean;
	/**
	 * What `this.getPollBudgetMs()` answers (ms); 'absent' = a context without the method, as on n8n 1.123.
	 * Default: n8n-core's own default (5 min).
	 */
	budgetMs?: number | 'absent';
	/** The workflow's static data at start (a restart loads what was saved). */
	workflowStaticData?: IDataObject;
	/**
	 * The workflow's id; default a new one per poller. The same id again = the same workflow activated
	 * anew in this process (re-imported, its static data cleared), whose module-level memory is still there.
	 */
	workflowId?: string;
}

export interface Poller {
	/** One poll: 'trigger' = scheduled poll of the active workflow, 'manual' = "Fetch Test Event". */
	poll(mode?: 'trigger' | 'manual'): Promise<INodeExecutionData[][] | null>;
	/** workflow.staticData['node:<name>'] as it stands. */
	staticData(): IDataObject;
	workflow: Workflow;
	/** One poll whose node static data is `copy` (n8n's durable cursors stage a copy of the committed cursor). */
	pollStaged(copy: IDataObject): Promise<INodeExecutionData[][] | null>;
	/**
	 * The user edits a credential between polls: its stored data (by type) and, with `id`, picks another
	 * credential of that type for the node (as choosing another one in the editor does).
	 */
	editCredential(type: string, data: ICredentialDataDecryptedObject, id?: string): void;
}

/** JSON round trip, without ObservableObject's bookkeeping flag. */
export const asStored = (data: IDataObject): IDataObject =>
	JSON.parse(
		JSON.stringify(data, (key, value: unknown) => (key === '__dataChanged' ? undefined : value)),
	) as IDataObject;

/** Every poller is its own workflow, with its own id, as every workflow in the app has. */
let pollers = 0;

export function createPoller(options: CreatePollerOptions): Poller {
	const workflowId = options.workflowId ?? `harness-poll-workflow-${++pollers}`;
	const registry = options.registry ?? defaultRegistry();
	const node = nodeFor(registry, options, {
		defaultType: 'reviewCollectionTrigger',
		id: 'trigger-under-test',
		name: TRIGGER_NODE_NAME,
		position: [0, 0],
	});
	const newWorkflow = (active: boolean, staticData: IDataObject) =>
		new Workflow({
			id: workflowId,
			name: 'Harness poll workflow',
			nodes: [structuredClone(node)],
			connections: {},
			active,
			nodeTypes: registry.nodeTypes,
			staticData,
			settings: { executionOrder: 'v1' },
		});
	const workflow = newWorkflow(true, structuredClone(options.workflowStaticData ?? {}));
	// One credential store for the poller's lifetime, like the credentials table.
	const credentialsHelper = new HarnessCredentialsHelper(registry, options.credentials);
	const additionalData = buildAdditionalData(credentialsHelper);

	/** Durable cursors: the poll's node static data is this copy (n8n's staged cursor), not the workflow's. */
	let staging: IDataObject | undefined;

	async function pollActive(): Promise<INodeExecutionData[][] | null> {
		const activeNode = workflow.getNode(TRIGGER_NODE_NAME)!;
		let emitted: INodeExecutionData[][] | null = null;
		let failure: Error | undefined;
		const budget = options.budgetMs;
		const staged = staging;
		const context = new PollContext(
			workflow,
			activeNode,
			additionalData,
			'trigger',
			'activate',
			(data) => {
				emitted = data;
			},
			(error) => {
				failure = error;
			},
			undefined,
			undefined,
			staged ? () => staged : undefined,
			typeof budget === 'number' ? () => budget : undefined,
		);
		if (budget === 'absent') {
			// n8n 1.123's poll context has no budget.
			(context as unknown as { getPollBudgetMs?: unknown }).getPollBudgetMs = undefined;
		}
		// testingTrigger=false: errors go to __emitError (the app records a failed execution).
		const execute = Container.get(PollTriggerExecutor).create(
			workflow,
			activeNode,
			context,
			() => true,
		);
		await execute(false);
		if (failure) throw failure;
		return emitted;
	}

	async function pollManual(): Promise<INodeExecutionData[][] | null> {
		const testWorkflow = newWorkflow(false, asStored(workflow.staticData));
		const testNode = testWorkflow.getNode(TRIGGER_NODE_NAME)!;
		const context = new PollContext(testWorkflow, testNode, additionalData, 'manual', 'manual');
		return await Container.get(TriggersAndPollers).runPollFunction(testWorkflow, testNode, context);
	}

	return {
		workflow,
		async pollStaged(copy) {
			staging = copy;
			try {
				return await pollActive();
			} finally {
				staging = undefined;
			}
		},
		staticData: () => workflow.getStaticData('node', workflow.getNode(TRIGGER_NODE_NAME)!),
		editCredential(type, data, id) {
			credentialsHelper.store[type] = structuredClone(data);
			const credentials = workflow.getNode(TRIGGER_NODE_NAME)!.credentials!;
			if (id !== undefined) credentials[type] = { id, name: `${type} ${id}` };
		},
		async poll(mode = 'trigger') {
			if (mode === 'manual') return await pollManual();
			try {
				return await pollActive();
			} finally {
				if (options.persistStaticData !== false)
					workflow.overrideStaticData(asStored(workflow.staticData));
			}
		},
	};
}
