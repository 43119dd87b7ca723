import fs from 'node:fs';
import path from 'node:path';

import type { INode, INodeParameters, IWorkflowBase } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { defaultRegistry } from '../harness';

/**
 * The example workflows against the nodes' descriptions: every node of this package names a real
 * resource and operation, has no parameter issue the editor would flag, and sets no parameter the
 * node does not show (a typo would be silently dropped by n8n). They run for real in `npm run test:e2e`.
 */
const examplesDir = path.resolve(__dirname, '../../examples');
const examples = fs.readdirSync(examplesDir).filter((file) => file.endsWith('.json'));

describe.each(examples)('examples/%s', (file) => {
	const workflow = JSON.parse(fs.readFileSync(path.join(examplesDir, file), 'utf8')) as IWorkflowBase;
	const ours = workflow.nodes.filter((node) => node.type.startsWith('n8n-nodes-review-collection.'));

	it('uses the package nodes', () => {
		expect(ours.length).toBeGreaterThan(0);
	});

	it.each(ours.map((node) => [node.name, node] as [string, INode]))('%s is a valid node configuration', (_name, node) => {
		const registry = defaultRegistry();
		const type = registry.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const { properties } = type.description;

		const resolved = NodeHelpers.getNodeParameters(properties, node.parameters, true, false, node, type.description);
		const unknown = Object.keys(node.parameters).filter((name) => !(name in (resolved ?? {})));
		expect(unknown).toEqual([]);
		const issues = NodeHelpers.getNodeParametersIssues(properties, { ...node, parameters: resolved as INodeParameters }, type.description);
		expect(issues).toBeNull();
		expect(Object.keys(node.credentials ?? {}).length).toBe(1);
	});

	it('connects only nodes that exist', () => {
		const names = new Set(workflow.nodes.map((node) => node.name));
		for (const [from, outputs] of Object.entries(workflow.connections)) {
			expect(names.has(from)).toBe(true);
			for (const target of outputs.main.flat()) expect(names.has(target!.node)).toBe(true);
		}
	});
});
