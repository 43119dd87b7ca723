/**
 * testCredential: the editor's "Test" button, done the way the app's CredentialsTester does it
 * (packages/cli/src/services/credentials-tester.service.ts): the credential's `test` request (or a
 * node's `testedBy`) becomes the `routing.request` of a one-property temporary node, executed by
 * n8n-core's RoutingNode with the credential's `authenticate` applied; errors map to the same messages.
 */
import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestRequest,
	ICredentialsDecrypted,
	IExecuteData,
	INode,
	INodeCredentialTestResult,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError, Workflow, createEmptyRunExecutionData } from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import type { HarnessRegistry } from './registry';
import { defaultRegistry } from './registry';

export interface TestCredentialOptions {
	registry?: HarnessRegistry;
	credentialType: string;
	data: ICredentialDataDecryptedObject;
}

type TestDefinition =
	ICredentialTestFunction | { nodeType?: INodeType; testRequest: ICredentialTestRequest };

/** Stand-in for n8n-nodes-base.noOp, which the app uses when the credential itself defines `test`. */
const noOpDescription = {
	displayName: 'No Operation, do nothing',
	name: 'n8n-nodes-base.noOp',
	group: ['organization'],
	version: 1,
	description: 'No Operation',
	defaults: { name: 'No Operation, do nothing' },
	inputs: ['main'],
	outputs: ['main'],
	properties: [],
} as unknown as INodeType['description'];

/** Same lookup order as CredentialsTester.getCredentialTestFunction. */
function findTest(registry: HarnessRegistry, credentialType: string): TestDefinition | undefined {
	const type = registry.credentialTypes.getByName(credentialType);
	if (type.test) return { testRequest: type.test };
	for (const node of registry.allNodeTypes()) {
		const versions: INodeType[] =
			'nodeVersions' in node ? Object.values(node.nodeVersions) : [node];
		for (const nodeType of versions) {
			for (const { name, testedBy } of nodeType.description.credentials ?? []) {
				if (name !== credentialType || !testedBy) continue;
				if (typeof testedBy === 'string') return nodeType.methods?.credentialTest?.[testedBy];
				return { nodeType, testRequest: testedBy };
			}
		}
	}
	return undefined;
}

export async function testCredential(
	options: TestCredentialOptions,
): Promise<INodeCredentialTestResult> {
	const registry = options.registry ?? defaultRegistry();
	const { credentialType } = options;
	const test = findTest(registry, credentialType);
	if (test === undefined) {
		return { status: 'Error', message: 'No testing function found for this credential.' };
	}

	const credentialsHelper = new HarnessCredentialsHelper(registry, {
		[credentialType]: options.data,
	});
	const additionalData = buildAdditionalData(credentialsHelper);
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: 'credential-under-test',
		name: `${credentialType} account`,
		type: credentialType,
		// The app applies property defaults (applyDefaultsAndOverwrites) before testing.
		data: credentialsHelper.applyDefaults(credentialType, options.data),
	};

	if (typeof test === 'function') {
		return await test.call(new CredentialTestContext(additionalData), credentialsDecrypted);
	}

	const baseDescription = test.nodeType?.description ?? noOpDescription;
	const nodeTypeCopy: INodeType = {
		description: {
			...baseDescription,
			credentials: [{ name: credentialType, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.testRequest.request },
					default: '',
				},
			],
		},
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		parameters: {},
		type: nodeTypeCopy.description.name,
		typeVersion: Array.isArray(baseDescription.version)
			? baseDescription.version.slice(-1)[0]
			: baseDescription.version,
		position: [0, 0],
		credentials: {
			[credentialType]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name },
		},
	};
	const mockNodeTypes: INodeTypes = {
		getKnownTypes: () => ({}),
		getByName: (): INodeType | IVersionedNodeType => nodeTypeCopy,
		getByNameAndVersion: (type, version) => {
			if (type !== node.type) throw new UnexpectedError(`Unknown node type "${type}"`);
			return NodeHelpers.getVersionedNodeType(nodeTypeCopy, version);
		},
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: mockNodeTypes,
	});
	const executeData: IExecuteData = { node, data: {}, source: null };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createEmptyRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		executeData,
		[],
	);

	let response: Awaited<ReturnType<RoutingNode['runNode']>>;
	try {
		response = await new RoutingNode(context, nodeTypeCopy, credentialsDecrypted).runNode();
	} catch (error) {
		// Mapping copied from CredentialsTester.testCredentials.
		const cause = (
			error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }
		).cause;
		if (cause?.response) {
			const { status, statusText } = cause.response;
			for (const rule of test.testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && status === rule.properties.value) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (status < 199 || status > 299) {
				return { status: 'Error', message: statusText || `Received HTTP status code: ${status}` };
			}
		} else if (cause?.code) {
			return { status: 'Error', message: cause.code };
		}
		return { status: 'Error', message: String((error as Error).message) };
	}

	for (const rule of test.testRequest.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const body = response?.[0]?.[0]?.json;
		const value = rule.properties.key
			.replace(/\[(\w+)\]/g, '.$1')
			.split('.')
			.reduce<unknown>(
				(object, key) => (object as Record<string, unknown> | undefined)?.[key],
				body,
			);
		if (value === rule.properties.value)
			return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
