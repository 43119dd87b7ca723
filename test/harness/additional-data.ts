/**
 * IWorkflowExecuteAdditionalData for in-process runs (the app builds it in
 * packages/cli/src/workflow-execute-additional-data.ts `getBase`), plus the n8n-core services a run
 * reaches through the DI container.
 */
import { Container } from '@n8n/di';
import {
	BinaryDataService,
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	InstanceSettings,
} from 'n8n-core';
import type {
	IBinaryData,
	INodeExecutionData,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import type { HarnessCredentialsHelper } from './credentials-helper';

/** The URLs a node may build links from; all absolute, as getNodeParameter / getWebhookUrl expect. */
const BASE = 'http://127.0.0.1:5678';

let servicesReady = false;

/**
 * Instantiates what the engine pulls from the container. InstanceSettings writes
 * `$N8N_USER_FOLDER/.n8n/config` (env.ts points that at a temp folder). BinaryDataService is left
 * without a storage manager (no `init()`), so `prepareBinaryData` keeps the bytes inline as base64
 * in the item (`binary.data`) and `getBinaryDataBuffer` reads them back: in-memory binary data.
 */
export function ensureEngineServices(): void {
	if (servicesReady) return;
	if (!process.env.N8N_USER_FOLDER) {
		throw new UnexpectedError(
			'N8N_USER_FOLDER is not set: is test/harness/env.ts in jest setupFiles?',
		);
	}
	Container.get(InstanceSettings);
	Container.get(BinaryDataService);
	servicesReady = true;
}

/** Reads back binary data of an output item, wherever the binary data service put it. */
export async function readBinary(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	const binary: IBinaryData | undefined = item.binary?.[property];
	if (!binary) throw new UnexpectedError(`Item has no binary property "${property}"`);
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

export function createHooks(
	mode: WorkflowExecuteMode,
	workflowData: IWorkflowBase,
): ExecutionLifecycleHooks {
	return new ExecutionLifecycleHooks(mode, 'harness-execution', workflowData);
}

export function buildAdditionalData(
	credentialsHelper: HarnessCredentialsHelper,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	ensureEngineServices();
	const notAvailable = (what: string) => async () => {
		throw new UnexpectedError(`${what} is not available in the test harness`);
	};
	return {
		credentialsHelper,
		hooks,
		executionId: 'harness-execution',
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: `${BASE}/rest`,
		instanceBaseUrl: `${BASE}/`,
		formBaseUrl: `${BASE}/form`,
		formWaitingBaseUrl: `${BASE}/form-waiting`,
		formTestBaseUrl: `${BASE}/form-test`,
		webhookBaseUrl: `${BASE}/webhook`,
		webhookWaitingBaseUrl: `${BASE}/webhook-waiting`,
		webhookTestBaseUrl: `${BASE}/webhook-test`,
		mcpBaseUrl: `${BASE}/mcp`,
		mcpTestBaseUrl: `${BASE}/mcp-test`,
		executeWorkflow: notAvailable('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: notAvailable('startRunnerTask'),
		// No secrets manager is set: `$secrets` expressions resolve to nothing, as with no vault configured.
		externalSecretsProxy: Container.get(ExternalSecretsProxy),
	} satisfies Partial<IWorkflowExecuteAdditionalData> as IWorkflowExecuteAdditionalData;
}
