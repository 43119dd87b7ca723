/**
 * examples/ai-review-reply.json in the REAL n8n app (2.41.1), offline: this package packed and
 * installed as a community package, n8n's own AI Agent (@n8n/n8n-nodes-langchain) with its OpenAI
 * Chat Model pointed at a scripted OpenAI-compatible model on 127.0.0.1, this node's tool variant
 * (`reviewCollectionTool`) as the agent's tools, the API simulator behind them. Run as the editor's
 * "Execute workflow" does (the polling trigger fetches the newest review).
 *
 * Checked: the reply the model wrote reached the simulator (and a low score was tagged for a person
 * instead), the model was offered this node's tools with their descriptions and JSON schemas, and no
 * key (project, agency) ever reached the model.
 */
import fs from 'node:fs';
import path from 'node:path';

import { toolDefinition } from '../harness/tool-definition';
import { ApiSimulator } from '../simulator';
import { reviewReplyScript } from './support/review-agent-script';
import type { ChatRequest, ChatTool, ScriptedModel } from './support/scripted-openai';
import { startScriptedModel, textOf } from './support/scripted-openai';

const n8n = require('../../scripts/n8n/n8n-app');
const stack = require('../../scripts/e2e/stack');

type Json = Record<string, any>;

const WORKFLOW_ID = 'rcExampleAiAgent';
const OPENAI_KEY = 'sk-scripted-model-test-key';

let sim: ApiSimulator;
let model: ScriptedModel;
let folder: Json | undefined;
let server: Json | undefined;
let cookie: string;

const project = () => sim.defaultProject();
const review = (id: number) => sim.toJson('review', id) as Json;

beforeAll(async () => {
	sim = await ApiSimulator.start();
	model = await startScriptedModel(reviewReplyScript);
	folder = await n8n.createUserFolder({ install: n8n.ensureInstalled({ quiet: true }) });
	const tarball = n8n.packPackage(stack.REPO);
	n8n.installCommunityPackage(folder, tarball);
	await n8n.importCredentials(folder, [
		{ ...stack.CREDENTIALS.project, data: { baseUrl: sim.baseUrl, apiKey: project().key } },
		{
			id: 'rcOpenAiCred0001',
			name: 'OpenAI-compatible model (demo)',
			type: 'openAiApi',
			data: { apiKey: OPENAI_KEY, url: model.url },
		},
	]);
	const workflow = JSON.parse(
		fs.readFileSync(path.join(stack.REPO, 'examples', 'ai-review-reply.json'), 'utf8'),
	);
	await n8n.importWorkflow(folder, { ...workflow, id: WORKFLOW_ID });
	server = await n8n.startServer(folder, {
		env: { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true' },
	});
	({ cookie } = await n8n.setupOwner(server));
});

afterAll(async () => {
	if (server) await n8n.stopServer(server);
	await model?.stop();
	await sim?.stop();
	if (folder) n8n.removeUserFolder(folder);
});

/** Runs the workflow once; resolves the run and the model requests it caused. */
async function runOnce() {
	const before = model.completions().length;
	const { status, run } = await stack.runManually(server, cookie, WORKFLOW_ID, 'New Review');
	return { status, run, sent: model.completions().slice(before) as ChatRequest[] };
}

const toolsOf = (request: ChatRequest) =>
	Object.fromEntries((request.tools ?? []).map((tool) => [tool.function.name, tool])) as Record<
		string,
		ChatTool
	>;
const callsOf = (requests: ChatRequest[]) =>
	requests
		.flatMap((r) => r.messages.flatMap((m) => m.tool_calls ?? []))
		.filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i);

describe('AI review reply in the real n8n app', () => {
	it('a 5-star review: the agent reads the customer’s reviews, and its reply reaches the service', async () => {
		const added = sim.addReview(project().id, {
			customer_id: 2,
			score: 5,
			review: 'The sourdough is perfect now!',
		});
		const bobsReviews = project().reviews.items.filter(
			(r) => r.customer_id === 2 && !r.is_duplicate,
		).length;
		sim.requests.length = 0;

		const { status, run, sent } = await runOnce();

		expect(status).toBe('success');
		expect(n8n.nodeOutput(run, 'New Review')).toEqual([
			expect.objectContaining({ id: added.id, score: 5 }),
		]);
		// The model was called three times: read reviews, reply, final answer.
		expect(sent).toHaveLength(3);
		const calls = callsOf(sent);
		expect(calls.map((c) => c.function.name)).toEqual(['Get_Customer_Reviews', 'Reply_to_Review']);
		const replyArgs = JSON.parse(calls[1].function.arguments) as {
			reviewId: number;
			reply: string;
		};
		expect(replyArgs.reviewId).toBe(added.id);
		expect(replyArgs.reply).toContain(`review number ${bobsReviews}`);

		// What reached the service: the customer's reviews were read, the reply posted as written.
		expect(sim.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
			expect.arrayContaining([
				`GET /project/customers/2/reviews`,
				`PUT /project/reviews/${added.id}/reply`,
			]),
		);
		expect(review(added.id).reply).toBe(replyArgs.reply);
		expect(sim.requests.filter((r) => r.path.endsWith('/tags'))).toHaveLength(0);

		// What the model got back from the reply tool: the review id and the text that was sent.
		const replyResult = sent[2].messages.find(
			(m) => m.role === 'tool' && m.tool_call_id === calls[1].id,
		);
		expect(JSON.parse(textOf(replyResult!))).toEqual([
			{ success: true, id: added.id, reply: replyArgs.reply },
		]);
		expect(n8n.nodeOutput(run, 'AI Agent')).toEqual([{ output: `Replied to review ${added.id}.` }]);
	});

	it('the model was offered this node’s three tools with their descriptions and JSON schemas', () => {
		const [first] = model.completions();
		const tools = toolsOf(first);
		expect(Object.keys(tools).sort()).toEqual([
			'Get_Customer_Reviews',
			'Reply_to_Review',
			'Tag_for_a_Person',
		]);
		expect(tools.Reply_to_Review.function.description).toBe(
			'Reply to a review in Review Collection',
		);
		expect(tools.Reply_to_Review.function.parameters).toMatchObject({
			type: 'object',
			properties: {
				reviewId: { type: 'number', description: 'ID of the review to answer (a number)' },
				reply: { type: 'string', description: expect.stringContaining('plain text') },
			},
			required: expect.arrayContaining(['reviewId', 'reply']),
		});
		expect(tools.Get_Customer_Reviews.function.description).toBe(
			'Get reviews of a customer in Review Collection',
		);
		expect(Object.keys(tools.Get_Customer_Reviews.function.parameters.properties)).toEqual([
			'customerId',
		]);
		expect(tools.Get_Customer_Reviews.function.parameters.properties.customerId.type).toBe(
			'number',
		);
		expect(tools.Tag_for_a_Person.function.parameters.properties).toMatchObject({
			reviewId: { type: 'number' },
			tagSlugs: {
				type: 'string',
				description: expect.stringContaining('Comma-separated tag slugs'),
			},
		});
		// The in-process definition (test/harness/tool-definition.ts, n8n-core's createNodeAsTool) is what the
		// app sends, apart from the `strict` flag the OpenAI chat model adds.
		const workflow = JSON.parse(
			fs.readFileSync(path.join(stack.REPO, 'examples', 'ai-review-reply.json'), 'utf8'),
		);
		for (const node of workflow.nodes.filter((n: Json) =>
			n.type.endsWith('.reviewCollectionTool'),
		)) {
			const expected = toolDefinition(node.name, node.parameters);
			const { strict: _strict, ...sentFunction } = tools[expected.function.name].function as Json;
			expect(sentFunction).toEqual(expected.function);
		}
		const prompt = first.messages.map((m) => textOf(m)).join('\n');
		process.stdout.write(
			`[ai-agent] first prompt (system + user): ${Buffer.byteLength(prompt)} bytes\n`,
		);
		const size = Buffer.byteLength(JSON.stringify(first.tools));
		process.stdout.write(
			`[ai-agent] tools sent to the model: ${size} bytes\n${JSON.stringify(tools.Reply_to_Review, null, 1)}\n`,
		);
		expect(size).toBeLessThan(3 * 800);
		// Sent by the OpenAI Chat Model with the Responses API off, without streaming, with its key.
		expect(model.requests.every((r) => r.path === '/v1/chat/completions')).toBe(true);
		expect(model.requests.every((r) => r.headers.authorization === `Bearer ${OPENAI_KEY}`)).toBe(
			true,
		);
	});

	it('a 1-star review is not answered: the agent tags it for a person, keeping its tags', async () => {
		const added = sim.addReview(project().id, {
			customer_id: 1,
			score: 1,
			review: 'Cold croissants.',
			tag_slugs: ['slow-delivery'],
		});
		sim.requests.length = 0;

		const { status, sent } = await runOnce();

		expect(status).toBe('success');
		expect(callsOf(sent).map((c) => c.function.name)).toEqual(['Tag_for_a_Person']);
		expect(
			review(added.id)
				.tags.map((t: Json) => t.slug)
				.sort(),
		).toEqual(['follow-up', 'slow-delivery']);
		expect(review(added.id).reply).toBe('');
		expect(sim.requests.filter((r) => r.path.endsWith('/reply'))).toHaveLength(0);
	});

	it('a reply over the example’s 600 characters is refused before sending; the model gets the error and shortens it', async () => {
		const added = sim.addReview(project().id, {
			customer_id: 2,
			score: 4,
			review: 'Please answer me with every detail!',
		});
		sim.requests.length = 0;

		const { status, sent } = await runOnce();

		expect(status).toBe('success');
		const replies = callsOf(sent).filter((c) => c.function.name === 'Reply_to_Review');
		expect(replies).toHaveLength(2);
		const [long, short] = replies.map(
			(c) => (JSON.parse(c.function.arguments) as { reply: string }).reply,
		);
		expect(long.length).toBeGreaterThan(600);
		const lastRequest = sent[sent.length - 1];
		const firstResult = textOf(
			lastRequest.messages.find((m) => m.role === 'tool' && m.tool_call_id === replies[0].id)!,
		);
		expect(firstResult).toMatch(/Invalid Reply in item 0: must be at most 600 characters/);
		// Only the shortened reply reached the service.
		expect(sim.requests.filter((r) => r.path.endsWith('/reply')).map((r) => r.body)).toEqual([
			{ reply: short },
		]);
		expect(review(added.id).reply).toBe(short);
	});

	it('no key ever reached the model', () => {
		const everything = model.requests
			.map((r) => `${JSON.stringify(r.headers)}\n${r.raw}`)
			.join('\n');
		expect(model.requests.length).toBeGreaterThanOrEqual(5);
		expect(everything).not.toContain(project().key);
		expect(everything).not.toContain(sim.agencyKey);
		expect(everything).not.toMatch(/"authorization":"Bearer (?!sk-scripted)/i);
	});
});
