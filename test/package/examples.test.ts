import fs from 'node:fs';
import path from 'node:path';

import type { INode, INodeParameters, INodeProperties, IWorkflowBase } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { defaultRegistry } from '../harness';

/**
 * The example workflows against the nodes' descriptions: every node of this package names a real
 * resource and operation, has no parameter issue the editor would flag, and sets no parameter the
 * node does not show (a typo would be silently dropped by n8n). They run for real in `npm run test:e2e`.
 */
/** The parameters n8n adds to a tool variant (n8n 2.41 `convertNodeToAiTool`), when resource/operation exist. */
const TOOL_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Tool Description',
		name: 'descriptionType',
		type: 'options',
		options: [
			{ name: 'Set Automatically', value: 'auto' },
			{ name: 'Set Manually', value: 'manual' },
		],
		default: 'auto',
	},
	{
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		default: '',
		displayOptions: { show: { descriptionType: ['manual'] } },
	},
];

const examplesDir = path.resolve(__dirname, '../../examples');
const examples = fs.readdirSync(examplesDir).filter((file) => file.endsWith('.json'));

describe.each(examples)('examples/%s', (file) => {
	const workflow = JSON.parse(
		fs.readFileSync(path.join(examplesDir, file), 'utf8'),
	) as IWorkflowBase;
	const ours = workflow.nodes.filter((node) =>
		node.type.startsWith('n8n-nodes-review-collection.'),
	);

	it('uses the package nodes', () => {
		expect(ours.length).toBeGreaterThan(0);
	});

	it.each(ours.map((node) => [node.name, node] as [string, INode]))(
		'%s is a valid node configuration',
		(_name, node) => {
			const registry = defaultRegistry();
			// `<node>Tool` is the AI-tool variant n8n derives from a `usableAsTool` node (same parameters,
			// plus the tool description choice): check it against the node it comes from.
			const isTool = node.type.endsWith('Tool');
			const type = registry.nodeTypes.getByNameAndVersion(
				node.type.replace(/Tool$/, ''),
				node.typeVersion,
			);
			const properties = isTool
				? [...TOOL_PROPERTIES, ...type.description.properties]
				: type.description.properties;

			const resolved = NodeHelpers.getNodeParameters(
				properties,
				node.parameters,
				true,
				false,
				node,
				type.description,
			);
			const unknown = Object.keys(node.parameters).filter((name) => !(name in (resolved ?? {})));
			expect(unknown).toEqual([]);
			const issues = NodeHelpers.getNodeParametersIssues(
				properties,
				{ ...node, parameters: resolved as INodeParameters },
				type.description,
			);
			expect(issues).toBeNull();
			expect(Object.keys(node.credentials ?? {}).length).toBe(1);
		},
	);

	it('connects only nodes that exist', () => {
		const names = new Set(workflow.nodes.map((node) => node.name));
		for (const [from, outputs] of Object.entries(workflow.connections)) {
			expect(names.has(from)).toBe(true);
			for (const target of Object.values(outputs).flat(2))
				expect(names.has(target!.node)).toBe(true);
		}
	});
});
