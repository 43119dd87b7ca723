/**
 * What n8n sends a model for this node used as an AI Agent tool, built with n8n's own code (see
 * tool-definition.ts): the tools of examples/ai-review-reply.json exactly, and the description of
 * every operation of the node.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INode, INodeParameters, INodePropertyOptions, IWorkflowBase } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { EVERY_OPERATION } from '../harness/operation-catalogue';
import type { OpenAiTool } from '../harness/tool-definition';
import { reviewCollection, toolDefinition } from '../harness/tool-definition';

const example = JSON.parse(
	fs.readFileSync(path.resolve(__dirname, '../../examples/ai-review-reply.json'), 'utf8'),
) as IWorkflowBase;
const toolNodes = example.nodes.filter(
	(node) => node.type === 'n8n-nodes-review-collection.reviewCollectionTool',
);
const tools = Object.fromEntries(
	toolNodes.map((node) => [node.name, toolDefinition(node.name, node.parameters)]),
) as Record<string, OpenAiTool>;
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Budget per tool definition: an agent with a dozen such tools still spends < 10 kB of context on them. */
const MAX_TOOL_BYTES = 800;

describe('the example’s tools, as n8n 2.41 sends them to the model', () => {
	it('are named after the tool nodes (spaces as _), one per node', () => {
		expect(Object.values(tools).map((tool) => tool.function.name)).toEqual([
			'Get_Customer_Reviews',
			'Reply_to_Review',
			'Tag_for_a_Person',
		]);
	});

	it('Reply_to_Review: what it does, and what it needs in which format; a number and a string, both required', () => {
		const tool = tools['Reply to Review'];
		process.stdout.write(
			`[tool] Reply_to_Review, ${bytes(tool)} bytes:\n${JSON.stringify(tool, null, 1)}\n`,
		);
		// n8n's automatic tool description ("<action> in Review Collection"), short as n8n's own nodes'
		// (action-labels.test.ts); what to send and in which format reaches the model in the schema.
		expect(tool.function.description).toBe('Reply to a review in Review Collection');
		expect(tool.function.parameters).toMatchObject({
			type: 'object',
			properties: {
				reviewId: { type: 'number', description: 'ID of the review to answer (a number)' },
				reply: {
					type: 'string',
					description: expect.stringMatching(/plain text.*at most 600 characters/),
				},
			},
			required: ['reviewId', 'reply'],
			additionalProperties: false,
		});
		expect(Object.keys(tool.function.parameters.properties!)).toEqual(['reviewId', 'reply']);
	});

	it('Get_Customer_Reviews and Tag_for_a_Person take exactly what the model must fill', () => {
		expect(tools['Get Customer Reviews'].function.parameters).toMatchObject({
			properties: { customerId: { type: 'number' } },
			required: ['customerId'],
		});
		expect(Object.keys(tools['Get Customer Reviews'].function.parameters.properties!)).toEqual([
			'customerId',
		]);
		expect(tools['Tag for a Person'].function.parameters).toMatchObject({
			properties: {
				reviewId: { type: 'number' },
				tagSlugs: {
					type: 'string',
					description: expect.stringContaining('Comma-separated tag slugs'),
				},
			},
			required: ['reviewId', 'tagSlugs'],
		});
		expect(tools['Get Customer Reviews'].function.description).toBe(
			'Get reviews of a customer in Review Collection',
		);
		expect(tools['Tag for a Person'].function.description).toBe(
			'Set tags of a review in Review Collection',
		);
	});

	it(`each definition stays under ${MAX_TOOL_BYTES} bytes`, () => {
		const sizes = Object.fromEntries(
			Object.entries(tools).map(([name, tool]) => [name, bytes(tool)]),
		);
		process.stdout.write(`[tool] sizes in bytes: ${JSON.stringify(sizes)}\n`);
		for (const size of Object.values(sizes)) expect(size).toBeLessThan(MAX_TOOL_BYTES);
	});

	it('carry no credential, key or base URL', () => {
		const sent = JSON.stringify(tools);
		expect(sent).not.toMatch(
			/rcProjectCred001|Review Collection Project|apiKey|Bearer|127\.0\.0\.1|localhost/i,
		);
	});
});

describe('every operation as a tool', () => {
	const operations = reviewCollection.description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.options as INodePropertyOptions[]).map((option) => ({
				resource: property.displayOptions!.show!.resource![0] as string,
				option,
			})),
		);

	const autoDescription = (resource: string, operation: string) => {
		const node = { name: 'Tool', parameters: { resource, operation } as INodeParameters } as INode;
		return NodeHelpers.getToolDescriptionForNode(node, reviewCollection);
	};

	it('covers every operation of the test catalogue', () => {
		expect(operations.map((o) => `${o.resource}.${o.option.value}`).sort()).toEqual(
			EVERY_OPERATION().sort(),
		);
	});

	it.each(
		operations.map(
			({ resource, option }) => [`${resource}.${option.value}`, resource, option] as const,
		),
	)(
		'%s: the short action as tool description; the option text says what it does, needs and returns',
		(_key, resource, option) => {
			expect(autoDescription(resource, option.value as string)).toBe(
				`${option.action} in Review Collection`,
			);
			// The detail stays in the Operation list of the editor (the option's description), for a person
			// writing a manual tool description and for the parameter descriptions below.
			const text = option.description!;
			expect(text).not.toBe(option.action);
			expect(text).toMatch(/; returns /);
			expect(text.replace(/e\.g\./g, 'eg')).not.toMatch(/\.\s|\.$/); // one sentence
			expect(text.length).toBeLessThanOrEqual(180);
			// An operation on one record says how to name it.
			const needsId = reviewCollection.description.properties.some(
				(property) =>
					property.type === 'resourceLocator' &&
					property.displayOptions?.show?.resource?.includes(resource) &&
					property.displayOptions?.show?.operation?.includes(option.value),
			);
			if (needsId) expect(text).toMatch(/ID \(a number\)/);
		},
	);

	it('no two operations read the same', () => {
		const texts = operations.map(({ option }) => option.description);
		expect(new Set(texts).size).toBe(texts.length);
	});
});

describe('parameters a model fills state their format', () => {
	const parameter = (resource: string, operation: string, name: string) =>
		reviewCollection.description.properties.find(
			(property) =>
				property.name === name &&
				property.displayOptions?.show?.resource?.includes(resource) &&
				property.displayOptions?.show?.operation?.includes(operation),
		)?.description;

	it.each([
		['review', 'reply', 'reviewId', /ID \(a whole number, e\.g\. 42\)/],
		['customer', 'getReviews', 'customerId', /ID \(a whole number, e\.g\. 42\)/],
		['review', 'reply', 'reply', /^Plain-text reply.*at most 4,096 characters/],
		['review', 'setTags', 'tagSlugs', /^Comma-separated tag slugs/],
		['review', 'setSource', 'sourceSlug', /slug.*e\.g\. google/i],
		['review', 'setLocation', 'locationSlug', /slug.*e\.g\. downtown/i],
		['customer', 'setNotes', 'notes', /plain text/],
	])('%s.%s → %s', (resource, operation, name, format) => {
		expect(parameter(resource, operation, name)).toMatch(format);
	});
});
