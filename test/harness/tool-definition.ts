/**
 * What n8n 2.41 sends a model for a node used as an AI Agent tool, computed with n8n's own code:
 * n8n-core's `createNodeAsTool` (the tool name from the node name, the description from
 * `NodeHelpers.getToolDescriptionForNode`, the zod schema from the node's `$fromAI()` calls) and
 * LangChain's `convertToOpenAITool` (the OpenAI `tools` entry the chat model sends).
 */
import type { INode, INodeParameters, INodeType } from 'n8n-workflow';

import { ReviewCollection } from '../../nodes/ReviewCollection/ReviewCollection.node';

// Both reachable through n8n-core's own dependencies (not published as public entry points).
const n8nCore = require.resolve('n8n-core');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- internal module of n8n-core, no public entry point
const { createNodeAsTool } = require(
	require.resolve(
		'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool',
		{ paths: [n8nCore] },
	),
) as {
	createNodeAsTool(options: {
		node: INode;
		nodeType: INodeType;
		handleToolInvocation: () => Promise<unknown>;
	}): { response: unknown };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- LangChain as n8n-core resolves it, no public entry point
const { convertToOpenAITool } = require(
	require.resolve('@langchain/core/utils/function_calling', { paths: [n8nCore] }),
) as { convertToOpenAITool(tool: unknown): OpenAiTool };

export interface OpenAiTool {
	type: 'function';
	function: { name: string; description: string; parameters: JsonSchema };
}

export interface JsonSchema {
	type?: string;
	properties?: Record<string, JsonSchema & { description?: string }>;
	required?: string[];
	[key: string]: unknown;
}

export const reviewCollection = new ReviewCollection();

/** The OpenAI tool definition n8n builds for a Review Collection tool node named `name`. */
export function toolDefinition(name: string, parameters: INodeParameters): OpenAiTool {
	const node: INode = {
		id: name,
		name,
		type: 'n8n-nodes-review-collection.reviewCollectionTool',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const { response } = createNodeAsTool({
		node,
		nodeType: reviewCollection,
		handleToolInvocation: async () => await Promise.resolve('[]'),
	});
	return convertToOpenAITool(response);
}

export const byIdFromAi = (key: string, description: string) => ({
	__rl: true,
	mode: 'id',
	value: `={{ $fromAI('${key}', '${description}', 'number') }}`,
});
