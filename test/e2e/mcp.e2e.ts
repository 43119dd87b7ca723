/**
 * examples/mcp-agency-tools.json in the REAL n8n app (2.41.1): n8n's MCP Server Trigger (published,
 * production URL /mcp/<path>, Bearer auth) exposes Review Collection tool nodes that sign in with the
 * agency key, each with its own client project. An MCP client from the official TypeScript SDK
 * (Streamable HTTP) lists the tools, reads their schemas, and calls Get Reviews and Reply against the
 * API simulator; every byte it received is checked for keys.
 */
import { toolDefinition } from '../harness/tool-definition';
import type { ExampleApp, Json } from './support/example-app';
import { startExampleApp, waitForProductionWebhook } from './support/example-app';
import type { RecordingClient } from './support/mcp-client';
import { connectMcpClient } from './support/mcp-client';

const MCP_TOKEN = 'mcp-client-token-for-the-agency-e2e';
const TOOL_NAMES = [
	'Acme_Bakery_Get_Reviews',
	'Acme_Bakery_Reply',
	'Bella_Pizzeria_Get_Reviews',
	'Bella_Pizzeria_Reply',
];

let app: ExampleApp;
let mcp: RecordingClient;
let url: string;
const timings: string[] = [];

const projectNamed = (name: string) => app.sim.state.projects.find((p) => p.name === name)!;
const textOf = (result: Json) => (result.content as Json[]).map((c) => c.text).join('');

beforeAll(async () => {
	const started = Date.now();
	app = await startExampleApp({
		example: 'mcp-agency-tools.json',
		workflowId: 'rcExampleMcpAgcy',
		publish: true,
		prepareSim: (sim) => {
			const bella = sim.createProject('Bella Pizzeria');
			sim.addReview(bella.id, { score: 4, first_name: 'Bruno', review: 'Great crust.' });
		},
		// The projects the example names, by the ids they have in this simulator.
		adapt: (workflow, sim) => {
			for (const node of workflow.nodes as Json[]) {
				const locator = node.parameters.projectId;
				if (!locator) continue;
				const project = sim.state.projects.find((p) => p.name === locator.cachedResultName)!;
				locator.value = String(project.id);
			}
			return workflow;
		},
		extraCredentials: () => [
			{
				id: 'rcMcpBearer00001',
				name: 'MCP clients of the agency (demo)',
				type: 'httpBearerAuth',
				data: { token: MCP_TOKEN },
			},
		],
	});
	url = `${app.server.url}/mcp/review-collection-agency`;
	await waitForProductionWebhook(url);
	timings.push(`setup ${((Date.now() - started) / 1000).toFixed(1)} s`);
	const connecting = Date.now();
	mcp = await connectMcpClient(url, { bearer: MCP_TOKEN });
	timings.push(`connect ${Date.now() - connecting} ms`);
});

afterAll(async () => {
	await mcp?.close().catch(() => {});
	await app?.stop();
	process.stdout.write(`[mcp e2e] ${timings.join('; ')}\n`);
});

describe('Review Collection tools behind n8n’s MCP Server Trigger', () => {
	it('an MCP client lists one Get Reviews and one Reply tool per client project, with the schemas n8n builds', async () => {
		const { tools } = await mcp.client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
		for (const node of (app.workflow.nodes as Json[]).filter((n) => n.type.endsWith('Tool'))) {
			const expected = toolDefinition(node.name, node.parameters).function;
			const tool = tools.find((t) => t.name === expected.name)!;
			expect(tool.description).toBe(node.parameters.toolDescription);
			expect(tool.inputSchema).toMatchObject({
				type: 'object',
				properties: expected.parameters.properties,
				required: expected.parameters.required,
			});
		}
		const reply = tools.find((t) => t.name === 'Bella_Pizzeria_Reply')!;
		expect(reply.inputSchema.properties).toEqual({
			reviewId: { type: 'number', description: 'ID of a review of Bella Pizzeria (a number)' },
			reply: {
				type: 'string',
				description: 'The reply: plain text, no HTML or Markdown, at most 600 characters',
			},
		});
		process.stdout.write(
			`[mcp e2e] tools/list: ${Buffer.byteLength(JSON.stringify(tools))} bytes; ${JSON.stringify(tools.filter((t) => t.name.startsWith('Bella')))}\n`,
		);
	});

	it('a client without the bearer token is refused', async () => {
		await expect(connectMcpClient(url)).rejects.toThrow(/401|403|Unauthorized|Authorization/i);
	});

	it('Get Reviews returns the newest reviews of its own project only', async () => {
		const acme = projectNamed('Acme Bakery');
		const added = app.sim.addReview(acme.id, {
			score: 2,
			first_name: 'Nora',
			review: 'Too salty.',
		});
		app.sim.requests.length = 0;
		const started = Date.now();
		const result = await mcp.client.callTool({
			name: 'Acme_Bakery_Get_Reviews',
			arguments: { limit: 3 },
		});
		timings.push(`tools/call Get Reviews ${Date.now() - started} ms`);
		expect(result.isError).toBeFalsy();
		const reviews = JSON.parse(textOf(result)) as Json[];
		expect(reviews).toHaveLength(3);
		expect(reviews[0]).toMatchObject({ id: added.id, score: 2, text: 'Too salty.' });
		const acmeIds = new Set(acme.reviews.items.map((r) => r.id));
		expect(reviews.every((r) => acmeIds.has(r.id))).toBe(true);
		// Signed in with the agency key, then with Acme's own key, which it read from the agency API.
		expect(app.sim.requests.map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual(
			expect.arrayContaining([
				`GET /agency/projects/${acme.id}/key Bearer ${app.sim.agencyKey}`,
				`GET /project/reviews Bearer ${acme.key}`,
			]),
		);
	});

	it('Reply posts to its own project; a review of another project is refused and left alone', async () => {
		const bella = projectNamed('Bella Pizzeria');
		const acme = projectNamed('Acme Bakery');
		const [bellaReview] = bella.reviews.items;
		const acmeReview = acme.reviews.items[acme.reviews.items.length - 1];
		app.sim.requests.length = 0;

		const started = Date.now();
		const ok = await mcp.client.callTool({
			name: 'Bella_Pizzeria_Reply',
			arguments: { reviewId: bellaReview.id, reply: 'Grazie, Bruno!' },
		});
		timings.push(`tools/call Reply ${Date.now() - started} ms`);
		expect(ok.isError).toBeFalsy();
		expect(JSON.parse(textOf(ok))).toEqual([
			{ success: true, id: bellaReview.id, reply: 'Grazie, Bruno!' },
		]);
		expect(app.sim.toJson('review', bellaReview.id, bella.id).reply).toBe('Grazie, Bruno!');
		const puts = app.sim.requests.filter((r) => r.method === 'PUT');
		expect(puts.map((r) => `${r.path} ${r.authorization}`)).toEqual([
			`/project/reviews/${bellaReview.id}/reply Bearer ${bella.key}`,
		]);

		const before = app.sim.toJson('review', acmeReview.id, acme.id).reply;
		const refused = await mcp.client.callTool({
			name: 'Bella_Pizzeria_Reply',
			arguments: { reviewId: acmeReview.id, reply: 'Wrong project.' },
		});
		process.stdout.write(`[mcp e2e] refused call: ${JSON.stringify(refused)}\n`);
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toMatch(/The service answered 404: Review \d+ not found/);
		expect(app.sim.toJson('review', acmeReview.id, acme.id).reply).toBe(before);
	});

	it('no key reached the MCP client, in any byte it received', () => {
		const received = mcp.received();
		expect(received.length).toBeGreaterThan(1000);
		expect(received).toContain('Grazie, Bruno!');
		for (const key of [app.sim.agencyKey, ...app.sim.state.projects.map((p) => p.key)]) {
			expect(received).not.toContain(key);
			expect(mcp.sent()).not.toContain(key);
		}
		expect(received).not.toMatch(/Bearer (?!realm)/);
	});
});
