/**
 * One example workflow in the REAL n8n app (2.41.1) for the flow e2e tests (approval, MCP,
 * escalation): the API simulator, optionally the scripted OpenAI-compatible model, a user folder with
 * the packed package, the demo credentials pointing at both, the example imported under a fixed id
 * (and published when it must run in production: MCP endpoint, polling), the server and its owner.
 * Also: starting a manual run without waiting for its end, and waiting for an execution to reach a
 * status (a run that stops at a Wait node is `waiting`, which stack.runManually does not return).
 */
import fs from 'node:fs';
import path from 'node:path';

import { ApiSimulator } from '../../simulator';
import type { SimProject } from '../../simulator/state';
import { nextId, uuid } from '../../simulator/state';
import type { Script, ScriptedModel } from './scripted-openai';
import { startScriptedModel } from './scripted-openai';

const n8n = require('../../../scripts/n8n/n8n-app');
const stack = require('../../../scripts/e2e/stack');

export type Json = Record<string, any>;

export const OPENAI_KEY = 'sk-scripted-model-test-key';

/** Poll Times for a published polling example under test (the examples poll every 1–15 minutes). */
export const EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })),
};

export interface ExampleApp {
	sim: ApiSimulator;
	model?: ScriptedModel;
	folder: Json;
	server: Json;
	cookie: string;
	workflowId: string;
	workflow: Json;
	stop(): Promise<void>;
}

export interface ExampleOptions {
	/** File name under examples/. */
	example: string;
	workflowId: string;
	/** The scripted model's behaviour; without it no model and no OpenAI credential. */
	script?: Script;
	/** Publish (activate) the workflow before n8n starts. */
	publish?: boolean;
	/** More credentials, given the simulator (e.g. the MCP endpoint's bearer token). */
	extraCredentials?: (sim: ApiSimulator) => Json[];
	/** Changes to the simulator before the workflow is imported (projects the example names). */
	prepareSim?: (sim: ApiSimulator) => void;
	/** Rewrites the example before import (ids that only exist in this run). */
	adapt?: (workflow: Json, sim: ApiSimulator) => Json;
	env?: Record<string, string>;
}

export function readExample(file: string): Json {
	return JSON.parse(fs.readFileSync(path.join(stack.REPO, 'examples', file), 'utf8')) as Json;
}

export async function startExampleApp(options: ExampleOptions): Promise<ExampleApp> {
	const sim = await ApiSimulator.start();
	const app: Partial<ExampleApp> = { sim, workflowId: options.workflowId };
	app.stop = async () => {
		if (app.server) await n8n.stopServer(app.server);
		await app.model?.stop();
		await sim.stop();
		if (app.folder) n8n.removeUserFolder(app.folder);
	};
	try {
		options.prepareSim?.(sim);
		if (options.script) app.model = await startScriptedModel(options.script);
		app.folder = await n8n.createUserFolder({ install: n8n.ensureInstalled({ quiet: true }) });
		const tarball = n8n.packPackage(stack.REPO);
		n8n.installCommunityPackage(app.folder, tarball);
		fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
		await n8n.importCredentials(app.folder, [
			{
				...stack.CREDENTIALS.project,
				data: { baseUrl: sim.baseUrl, apiKey: sim.defaultProject().key },
			},
			{ ...stack.CREDENTIALS.agency, data: { baseUrl: sim.baseUrl, apiKey: sim.agencyKey } },
			...(app.model
				? [
						{
							id: 'rcOpenAiCred0001',
							name: 'OpenAI-compatible model (demo)',
							type: 'openAiApi',
							data: { apiKey: OPENAI_KEY, url: app.model.url },
						},
					]
				: []),
			...(options.extraCredentials?.(sim) ?? []),
		]);
		const example = readExample(options.example);
		app.workflow = options.adapt ? options.adapt(example, sim) : example;
		await n8n.importWorkflow(app.folder, { ...app.workflow, id: options.workflowId });
		if (options.publish) {
			const r = await n8n.runCli(app.folder, ['publish:workflow', `--id=${options.workflowId}`], {
				env: { N8N_LOG_LEVEL: 'info' },
			});
			if (r.code !== 0) throw new Error(`publish:workflow failed:\n${r.stdout}\n${r.stderr}`);
		}
		app.server = await n8n.startServer(app.folder, {
			env: { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true', ...options.env },
		});
		({ cookie: app.cookie } = await n8n.setupOwner(app.server));
		return app as ExampleApp;
	} catch (error) {
		await app.stop!().catch(() => {});
		throw error;
	}
}

/**
 * A review tag in the project, as its owner creates it in the service's console (the API has no
 * endpoint for it, and Set Tags only accepts existing slugs).
 */
export function addReviewTag(sim: ApiSimulator, project: SimProject, slug: string, name: string) {
	project.tags.push({
		id: nextId(sim.state, 'tag'),
		uuid: uuid(),
		name,
		slug,
		sprite: null,
		color: '#dc2626',
		context: 'review',
		ai_instructions: null,
		has_ai_tagging: false,
	});
}

/**
 * Resolves once n8n serves a production webhook at `url`: the server answers before it has
 * activated the published workflows (a busy machine: many seconds later), with 404 "is not registered".
 */
export async function waitForProductionWebhook(url: string, timeoutMs = 90000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const r = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		const text = await r.text();
		if (!(r.status === 404 && /is not registered/.test(text))) return;
		if (Date.now() > deadline) throw new Error(`${url} still not registered after ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

/** How often the trigger has read the default project's review list (one per poll when idle). */
export const reviewListReads = (app: ExampleApp) =>
	app.sim.requests.filter(
		(r) =>
			r.method === 'GET' &&
			r.path === '/project/reviews' &&
			r.authorization === `Bearer ${app.sim.defaultProject().key}`,
	).length;

/** Starts a manual run from `trigger` (as the editor's Execute workflow) and resolves its execution id. */
export async function startManualRun(app: ExampleApp, trigger: string): Promise<string> {
	const started = await n8n.request(app.server, 'POST', `/rest/workflows/${app.workflowId}/run`, {
		cookie: app.cookie,
		body: { triggerToStartFrom: { name: trigger } },
	});
	const executionId = started.body?.data?.executionId as string | undefined;
	if (started.status !== 200 || !executionId) {
		throw new Error(
			`manual run: HTTP ${started.status} ${JSON.stringify(started.body).slice(0, 1000)}`,
		);
	}
	return executionId;
}

export interface Execution {
	status: string;
	run: { status: string; data: Json };
}

/** GET /rest/executions/:id, decoded. */
export async function getExecution(
	app: ExampleApp,
	executionId: string,
): Promise<Execution | undefined> {
	const r = await n8n.request(app.server, 'GET', `/rest/executions/${executionId}`, {
		cookie: app.cookie,
	});
	const ex = r.status === 200 ? (r.body?.data as Json | undefined) : undefined;
	if (!ex) return undefined;
	return {
		status: ex.status,
		run: { status: ex.status, data: stack.decodeExecutionData(ex.data) },
	};
}

/** Resolves the execution once its status is one of `statuses`; fails on another final status. */
export async function waitForExecution(
	app: ExampleApp,
	executionId: string,
	statuses: string[],
	timeoutMs = 120000,
): Promise<Execution> {
	const deadline = Date.now() + timeoutMs;
	let last: Execution | undefined;
	while (Date.now() < deadline) {
		last = await getExecution(app, executionId);
		if (last && statuses.includes(last.status)) return last;
		if (last && ['success', 'error', 'crashed', 'canceled'].includes(last.status)) {
			const error = last.run.data?.resultData?.error;
			throw new Error(
				`execution ${executionId} ended ${last.status}, expected ${statuses.join('/')}: ${JSON.stringify(error ?? {}).slice(0, 1500)}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	throw new Error(
		`execution ${executionId} not ${statuses.join('/')} within ${timeoutMs} ms (last: ${last?.status})`,
	);
}

/** The ids of the executions of the app's workflow, newest first. */
export async function executionIds(app: ExampleApp): Promise<string[]> {
	const r = await n8n.request(
		app.server,
		'GET',
		`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: app.workflowId }))}`,
		{ cookie: app.cookie },
	);
	let list = r.body;
	while (list && !Array.isArray(list)) list = list.data ?? list.results;
	return ((list as Json[] | undefined) ?? []).map((e) => String(e.id));
}
