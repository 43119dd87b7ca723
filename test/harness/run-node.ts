/**
 * runNode: a two-node workflow [Start] -> [node under test] executed by n8n-core's WorkflowExecute,
 * as when a user runs the workflow in the editor (mode 'manual').
 */
import { WorkflowExecute } from 'n8n-core';
import type {
	ExecutionBaseError,
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IWorkflowBase,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData } from 'n8n-workflow';

import { buildAdditionalData, createHooks } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { AnyNodeType, HarnessRegistry } from './registry';
import { defaultRegistry } from './registry';
import { START_NODE_TYPE, withStartNode } from './start-node';

export const START_NODE_NAME = 'Start';
export const NODE_UNDER_TEST_NAME = 'Node Under Test';

export interface RunNodeOptions {
	registry?: HarnessRegistry;
	/** Short name ('reviewCollection') or full type; default 'reviewCollection'. */
	nodeType?: string;
	/** Default: the node type's newest version. */
	typeVersion?: number;
	parameters: INodeParameters;
	/** By credential type name; the node's `credentials` entry is filled for every type given. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Items fed to the node (default: one empty item); plain objects become `{ json }`. */
	input?: Array<IDataObject | INodeExecutionData>;
	/** Sets onError 'continueRegularOutput' (the editor's "On Error: Continue"). */
	continueOnFail?: boolean;
	/** The workflow's Time Zone setting (n8n's default when not given: America/New_York). */
	timezone?: string;
}

export interface RunNodeResult {
	/** Output 0 of the node under test, exactly as the engine produced it. */
	items: INodeExecutionData[];
	/** The error the node ended with: the real instance it threw (NodeApiError, ...). */
	error?: ExecutionBaseError;
	run: IRun;
}

export function newestVersion(nodeType: AnyNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** Node `credentials` entries for every credential type given (ids are what the DB would assign). */
export function nodeCredentialsFor(
	credentials: Record<string, ICredentialDataDecryptedObject> = {},
) {
	return Object.fromEntries(
		Object.keys(credentials).map((type) => [type, { id: `${type}-id`, name: `${type} account` }]),
	);
}

/** The node under test as a workflow holds it: its type's newest version unless given, credentials by type. */
export function nodeFor(
	registry: HarnessRegistry,
	options: Pick<RunNodeOptions, 'nodeType' | 'typeVersion' | 'parameters' | 'credentials'>,
	at: { defaultType: string; id: string; name: string; position: [number, number] },
): INode {
	const type = registry.fullNodeType(options.nodeType ?? at.defaultType);
	return {
		id: at.id,
		name: at.name,
		type,
		typeVersion: options.typeVersion ?? newestVersion(registry.getNode(type)),
		position: at.position,
		parameters: options.parameters,
		credentials: nodeCredentialsFor(options.credentials),
	};
}

const isExecutionData = (item: IDataObject | INodeExecutionData): item is INodeExecutionData =>
	typeof item.json === 'object' && item.json !== null && !Array.isArray(item.json);

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const registry = options.registry ?? defaultRegistry();
	const nodeUnderTest: INode = {
		...nodeFor(registry, options, {
			defaultType: 'reviewCollection',
			id: 'node-under-test',
			name: NODE_UNDER_TEST_NAME,
			position: [200, 0],
		}),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	const startNode: INode = {
		id: 'start',
		name: START_NODE_NAME,
		type: START_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const connections = {
		[START_NODE_NAME]: {
			main: [[{ node: NODE_UNDER_TEST_NAME, type: 'main' as const, index: 0 }]],
		},
	};
	const workflowData: IWorkflowBase = {
		id: 'harness-workflow',
		name: 'Harness workflow',
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [startNode, nodeUnderTest],
		connections,
		settings: {
			executionOrder: 'v1',
			...(options.timezone ? { timezone: options.timezone } : {}),
		},
	};
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: workflowData.nodes,
		connections,
		active: false,
		nodeTypes: withStartNode(registry.nodeTypes),
		settings: workflowData.settings,
	});

	const mode = 'manual';
	const credentialsHelper = new HarnessCredentialsHelper(registry, options.credentials);
	const additionalData = buildAdditionalData(credentialsHelper, createHooks(mode, workflowData));
	const inputItems = (options.input ?? [{}]).map((item) =>
		isExecutionData(item) ? item : { json: item },
	);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: workflow.getNode(START_NODE_NAME)!, data: { main: [inputItems] }, source: null },
			],
		},
	});
	const workflowExecute = new WorkflowExecute(additionalData, mode, runExecutionData);

	// WorkflowExecute stores only a plain-object copy of a node's error in the run data; observe the
	// original instance where the engine receives it, so tests can use `instanceof NodeApiError`.
	const thrown = new Map<string, ExecutionBaseError>();
	const engine = workflowExecute as unknown as Record<string, unknown>;
	const report = engine.reportNodeExecutionError as
		((error: ExecutionBaseError, node: INode, ...rest: unknown[]) => unknown) | undefined;
	if (typeof report === 'function') {
		engine.reportNodeExecutionError = function (
			error: ExecutionBaseError,
			node: INode,
			...rest: unknown[]
		) {
			thrown.set(node.name, error);
			return report.call(this, error, node, ...rest);
		};
	}

	const run = await workflowExecute.processRunExecutionData(workflow);
	const task = run.data.resultData.runData[NODE_UNDER_TEST_NAME]?.[0];
	const taskError =
		task?.error ??
		(run.data.resultData.lastNodeExecuted === NODE_UNDER_TEST_NAME
			? run.data.resultData.error
			: undefined);
	return {
		items: task?.data?.main?.[0] ?? [],
		error: taskError ? (thrown.get(NODE_UNDER_TEST_NAME) ?? taskError) : undefined,
		run,
	};
}
