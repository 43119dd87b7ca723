/**
 * The short labels n8n builds from each operation's `action` (README and docs/operations.md, "Operations"): the node creator
 * lists the actions by it, and a node added from the creator is named after it (n8n-workflow's
 * `makeNodeName`), so `$('Get many reviews')` is what expressions read; as an AI tool the node is named
 * "<action> in Review Collection" and that name, with spaces as `_`, is the tool name a model sees
 * (at most 64 characters for OpenAI-style function names). n8n's own nodes keep actions short and in
 * sentence case ("Get many contacts", "Reply to a message"); the detail lives in the option's
 * description and the parameter descriptions (ai-tool-schema.test.ts).
 */
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, nodeNameToToolName } from 'n8n-workflow';

import { reviewCollection } from '../harness/tool-definition';

const description = reviewCollection.description;
const actions = description.properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.options as INodePropertyOptions[]).map((option) => ({
			key: `${property.displayOptions!.show!.resource![0] as string}.${option.value as string}`,
			resource: property.displayOptions!.show!.resource![0] as string,
			operation: option.value as string,
			action: option.action ?? '',
		})),
	);

/** The first words n8n's own nodes use for actions ("Get many …", "Reply to a …", "Mark a … as …"). */
const VERBS = new Set([
	'Archive',
	'Cancel',
	'Check',
	'Create',
	'Delete',
	'Duplicate',
	'Explain',
	'Flag',
	'Get',
	'Invite',
	'Mark',
	'Remove',
	'Reply',
	'Resend',
	'Resubscribe',
	'Rotate',
	'Send',
	'Set',
	'Suspend',
	'Unarchive',
	'Unsubscribe',
	'Unsuspend',
	'Update',
]);

/** The description n8n gives the Tool variant of a `usableAsTool` node (its output is an AI tool). */
const asTool: INodeTypeDescription = {
	...description,
	name: `${description.name}Tool`,
	inputs: [],
	outputs: [NodeConnectionTypes.AiTool],
};

describe('action labels, as the node creator lists them', () => {
	it('there is one per operation, and no two read the same', () => {
		expect(actions.length).toBeGreaterThan(0);
		expect(new Set(actions.map((a) => a.action)).size).toBe(actions.length);
	});

	it.each(actions.map((a) => [a.key, a] as const))(
		'%s: short, sentence case, starts with a verb',
		(_key, { action }) => {
			expect(action.length).toBeGreaterThan(0);
			expect(action.length).toBeLessThanOrEqual(40);
			expect(action).not.toMatch(/[;:.()]/);
			expect(VERBS.has(action.split(' ')[0])).toBe(true);
			// Sentence case: only the first word capitalised, apart from acronyms such as API.
			for (const word of action.split(' ').slice(1))
				expect(word).toMatch(/^([a-z0-9'-]+|[A-Z]{2,})$/);
		},
	);

	it.each(actions.map((a) => [a.key, a] as const))(
		'%s: a node added from the creator is named after it, and as a tool gets a valid tool name',
		(_key, { resource, operation, action }) => {
			expect(NodeHelpers.makeNodeName({ resource, operation }, description)).toBe(action);
			const toolNodeName = NodeHelpers.makeNodeName({ resource, operation }, asTool);
			expect(toolNodeName).toBe(`${action} in Review Collection`);
			expect(nodeNameToToolName(toolNodeName)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
		},
	);
});
