/**
 * What the benchmark runs in n8n-core's engine: the package as n8n loads it (the built `dist/`, through
 * PackageDirectoryLoader), the floor fixtures (test/harness/fixtures/Floor*.node.ts), and n8n's own HTTP
 * Request and Split Out nodes from n8n-nodes-base, all in one registry; plus a runner for a chain of nodes
 * ([Start] -> A -> B), which the harness's runNode (one node) does not cover.
 */
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const harness = require(path.join(root, 'test/harness'));
const { buildAdditionalData, createHooks } = require(
	path.join(root, 'test/harness/additional-data'),
);
const { withStartNode, START_NODE_TYPE } = require(path.join(root, 'test/harness/start-node'));
const { nodeFor } = require(path.join(root, 'test/harness/run-node'));
const { FloorNode } = require(path.join(root, 'test/harness/fixtures/FloorNode.node'));
const { FloorTrigger } = require(path.join(root, 'test/harness/fixtures/FloorTrigger.node'));

const { WorkflowExecute } = require('n8n-core');
const { Workflow, createRunExecutionData } = require('n8n-workflow');

const N8N_NODES = 'n8n-nodes-base/dist/nodes';
const HTTP_REQUEST = 'n8n-nodes-base.httpRequest';
const SPLIT_OUT = 'n8n-nodes-base.splitOut';

async function benchRegistry() {
	const registry = await harness.HarnessRegistry.fromPackageDirectory(root);
	registry.addNode(new FloorNode());
	registry.addNode(new FloorTrigger());
	registry.addNode(new (require(`${N8N_NODES}/HttpRequest/HttpRequest.node`).HttpRequest)());
	registry.addNode(new (require(`${N8N_NODES}/Transform/SplitOut/SplitOut.node`).SplitOut)());
	return registry;
}

/**
 * Runs [Start] -> steps[0] -> steps[1] ... in WorkflowExecute (mode 'manual'), like runNode does for one
 * node; returns the last step's output 0. A step: { type, parameters, credentials? }.
 */
async function runChain(registry, steps, credentials, input) {
	const names = steps.map((_, i) => `Step ${i + 1}`);
	const nodes = [
		{
			id: 'start',
			name: 'Start',
			type: START_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		...steps.map((step, i) =>
			nodeFor(
				registry,
				{ nodeType: step.type, parameters: step.parameters, credentials: step.credentials },
				{
					defaultType: step.type,
					id: `step-${i + 1}`,
					name: names[i],
					position: [200 * (i + 1), 0],
				},
			),
		),
	];
	const connections = {};
	['Start', ...names].forEach((name, i) => {
		if (i < names.length)
			connections[name] = { main: [[{ node: names[i], type: 'main', index: 0 }]] };
	});
	const workflowData = {
		id: 'bench-workflow',
		name: 'Bench workflow',
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes,
		connections,
		active: false,
		nodeTypes: withStartNode(registry.nodeTypes),
		settings: workflowData.settings,
	});
	const credentialsHelper = new harness.HarnessCredentialsHelper(registry, credentials);
	const additionalData = buildAdditionalData(
		credentialsHelper,
		createHooks('manual', workflowData),
	);
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{
					node: workflow.getNode('Start'),
					data: { main: [(input ?? [{}]).map((json) => ({ json }))] },
					source: null,
				},
			],
		},
	});
	const run = await new WorkflowExecute(
		additionalData,
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	const last = names[names.length - 1];
	const task = run.data.resultData.runData[last]?.[0];
	const error = run.data.resultData.error ?? task?.error;
	if (error) throw new Error(`${last}: ${error.message} ${error.description ?? ''}`);
	return task?.data?.main?.[0] ?? [];
}

/** HTTP Request as a user configures it with the package's credential ("Predefined Credential Type"). */
function httpRequestStep(credentialType, { credentials, ...parameters }) {
	return {
		type: HTTP_REQUEST,
		credentials,
		parameters: {
			authentication: 'predefinedCredentialType',
			nodeCredentialType: credentialType,
			...parameters,
		},
	};
}

module.exports = { benchRegistry, runChain, httpRequestStep, HTTP_REQUEST, SPLIT_OUT };
