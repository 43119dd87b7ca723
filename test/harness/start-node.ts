/**
 * The node a test run starts from: it passes the test's input items on, like a Manual Trigger with
 * pinned data would. It lives outside the registry so the registry holds only the package's types.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers } from 'n8n-workflow';

export const START_NODE_TYPE = 'n8n-test-harness.start';

class HarnessStart implements INodeType {
	description = {
		displayName: 'Harness Start',
		name: START_NODE_TYPE,
		group: ['input'],
		version: 1,
		description: 'Feeds the test input to the node under test',
		defaults: { name: 'Start' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData().map((item, index) => ({ ...item, pairedItem: { item: index } }))];
	}
}

const startNode = new HarnessStart();

/** INodeTypes that knows the start node and delegates everything else. */
export function withStartNode(nodeTypes: INodeTypes): INodeTypes {
	const pick = (type: string): INodeType | IVersionedNodeType =>
		type === START_NODE_TYPE ? startNode : nodeTypes.getByName(type);
	return {
		getByName: pick,
		getByNameAndVersion: (type, version) => NodeHelpers.getVersionedNodeType(pick(type), version),
		getKnownTypes: () => ({
			...nodeTypes.getKnownTypes(),
			[START_NODE_TYPE]: { className: 'HarnessStart' },
		}),
	};
}
