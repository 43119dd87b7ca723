/**
 * The nodes as a user meets them: the REAL n8n editor (2.41.1) in a real browser (Debian's chromium,
 * puppeteer-core), with this package packed and installed as n8n installs a community package, and
 * both credentials pointing at the API simulator. Every step is a click or a keystroke in the editor;
 * the contract (test/contract/node-contract.md §3) says what the panel must offer.
 *
 * Screenshots of failing steps are kept in the folder printed at the start (E2E_SCREENSHOTS_DIR to choose it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { ApiSimulator } from '../simulator';
import { rows } from '../support/contract-table';

const n8n = require('../../scripts/n8n/n8n-app');
const stack = require('../../scripts/e2e/stack');
const browser = require('../../scripts/e2e/browser');
const E = require('../../scripts/e2e/editor-page');

type Json = Record<string, any>;

const ACTION_NODE = 'n8n-nodes-review-collection.reviewCollection';
/** n8n adds this option to Resource and Operation of nodes with generic credentials: not ours. */
const N8N_CUSTOM_API_CALL = 'Custom API Call';
const AGENCY_RESOURCES = ['project', 'client'];

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rc-editor-screenshots-'));

let sim: ApiSimulator;
let folder: Json | undefined;
let server: Json | undefined;
let chromium: Json | undefined;
let page: any;
let action: INodeTypeDescription;
const timings: string[] = [];

/** A step of a test: on failure its screenshot is kept and named in the error. */
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
	try {
		return await fn();
	} catch (error) {
		const file = await browser.screenshot(page, SHOTS, name);
		(error as Error).message += `\n[editor e2e] screenshot: ${file}`;
		throw error;
	}
}

/** Display names ↔ values of the action node, as the app serves them to the editor. */
const valueOf = (options: INodeProperties['options'], name: string) =>
	(options as INodePropertyOptions[]).find((option) => option.name === name)?.value;
const nameOf = (options: INodeProperties['options'], value: string) =>
	(options as INodePropertyOptions[]).find((option) => option.value === value)?.name as string;
const resourceProperty = () => action.properties.find((p) => p.name === 'resource')!;
const resourceName = (resource: string) => nameOf(resourceProperty().options, resource);
const shownFor = (p: INodeProperties, resource: string, operation?: string) =>
	(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) &&
	(operation === undefined || (p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation));
const operationProperty = (resource: string) => action.properties.find((p) => p.name === 'operation' && shownFor(p, resource))!;
const operationName = (resource: string, operation: string) => nameOf(operationProperty(resource).options, operation);
const collectionProperty = (resource: string, operation: string, name: string) =>
	action.properties.find((p) => p.name === name && shownFor(p, resource, operation))!;

/** The contract's operations, top-level parameters and collection fields, per resource. */
const contractOperations = rows.flatMap((row) => row.operations.map((operation) => ({ ...row, operation })));
const contractResources = [...new Set(rows.map((row) => row.resource))];

async function closeToasts() {
	for (const button of await page.$$('.el-notification__closeBtn')) await button.click().catch(() => {});
}

/** Clicks the innermost element under `root` whose text is exactly `text`. */
async function clickText(root: string, text: string) {
	for (const el of await page.$$(`${root} *`)) {
		const match = await el.evaluate((e: any, want: string) => e.childElementCount === 0 && e.textContent!.trim() === want, text);
		if (match) {
			await el.click();
			return;
		}
	}
}

async function newWorkflow() {
	await page.goto(`${server!.url}/workflow/new`, { waitUntil: 'networkidle2' });
	await page.waitForSelector(browser.tid('canvas-plus-button'), { visible: true });
}

/** Node creator: search "Review Collection", open the package, click the item whose text matches. */
async function addFromNodeCreator(item: RegExp, { action: isAction }: { action: boolean }) {
	await page.click(browser.tid('canvas-plus-button'));
	await page.waitForSelector(browser.tid('node-creator-search-bar'), { visible: true });
	await page.keyboard.type('Review Collection');
	const entry = await browser.until('"Review Collection" in the node creator', async () => {
		for (const el of await page.$$(browser.tid('item-iterator-item'))) {
			if (/Review Collection/.test(await el.evaluate((e: any) => e.textContent))) return el;
		}
		return null;
	});
	await entry.click();
	const visibleItem = async () => {
		for (const el of await page.$$(browser.tid('node-creator-item-name'))) {
			const shown = await el.evaluate((e: any) => e.getBoundingClientRect().height > 0);
			if (shown && item.test(await el.evaluate((e: any) => e.textContent.trim()))) return el;
		}
		return null;
	};
	const target = await browser.until(`node creator item ${item}`, async () => {
		const found = await visibleItem();
		if (found || !isAction) return found;
		// The package's actions sit in a collapsed "Actions" category.
		for (const el of await page.$$(browser.tid('node-creator-category-item'))) {
			if (/Actions/.test(await el.evaluate((e: any) => e.textContent))) await el.click();
		}
		await browser.sleep(500);
		return visibleItem();
	});
	await target.click();
	await page.waitForSelector(browser.tid('node-parameters'), { visible: true });
}

async function chooseResource(resource: string) {
	await E.selectOption(page, 'resource', resourceName(resource));
}

async function chooseOperation(resource: string, operation: string) {
	await E.selectOption(page, 'operation', operationName(resource, operation));
}

/** The credential the node's current resource and authentication take, chosen in the panel. */
async function chooseCredential(kind: 'project' | 'agency') {
	await E.selectCredential(page, stack.CREDENTIALS[kind].name);
}

beforeAll(async () => {
	process.stdout.write(`\n[editor e2e] screenshots of failing steps go to ${SHOTS}\n`);
	const started = Date.now();
	sim = await ApiSimulator.start();
	({ folder } = await stack.prepareFolder({ sim }));
	server = await n8n.startServer(folder);
	const { cookie } = await n8n.setupOwner(server);
	[action] = await n8n.getNodeTypes(server, cookie, [{ name: ACTION_NODE, version: 1 }]);
	chromium = await browser.launch();
	page = await chromium!.browser.newPage();
	page.setDefaultTimeout(30000);
	page.on('dialog', (dialog: { accept(): Promise<void> }) => dialog.accept());
	await browser.signIn(page, server!.url, n8n.DEFAULT_OWNER);
	timings.push(`setup (simulator, pack + install, n8n start, chromium, sign-in): ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

afterAll(async () => {
	if (chromium) await browser.close(chromium);
	if (server) await n8n.stopServer(server);
	await sim?.stop();
	if (folder) n8n.removeUserFolder(folder);
	process.stdout.write(`[editor e2e] ${timings.join('; ')}\n`);
});

const timed = (name: string, fn: () => Promise<void>) => async () => {
	const started = Date.now();
	await fn();
	timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

describe('the action node in the editor', () => {
	it(
		'is added from the node creator and shows Resource, Authentication and Operation, on the project credential',
		timed('add from node creator', async () => {
			await step('add from node creator', async () => {
				await newWorkflow();
				await addFromNodeCreator(/create.*review/i, { action: true });
			});
			const shown = await E.renderedTopLevel(page);
			expect(shown.slice(0, 3)).toEqual(['resource', 'authentication', 'operation']);
			expect(await E.selectedCredential(page)).toBe(stack.CREDENTIALS.project.name);
			expect(await E.optionsOf(page, 'authentication')).toEqual(['Project Key', 'Agency Key']);
			const resources = (await E.optionsOf(page, 'resource')).filter((name: string) => name !== N8N_CUSTOM_API_CALL);
			expect(resources.map((name: string) => valueOf(resourceProperty().options, name)).sort()).toEqual([...contractResources].sort());
		}),
	);

	it(
		'lists exactly the contract operations of each of the 9 resources',
		timed('9 resources × operations', async () => {
			for (const resource of contractResources) {
				await step(`operations of ${resource}`, async () => {
					await chooseResource(resource);
					const names = (await E.optionsOf(page, 'operation')).filter((name: string) => name !== N8N_CUSTOM_API_CALL);
					const listed = names.map((name: string) => valueOf(operationProperty(resource).options, name) ?? `unknown "${name}"`);
					const expected = contractOperations.filter((row) => row.resource === resource).map((row) => row.operation);
					expect({ resource, operations: listed.sort() }).toEqual({ resource, operations: expected.sort() });
				});
			}
		}),
	);

	it(
		'renders every contract parameter of every operation, and every field of its collections',
		timed('52 operations × parameters', async () => {
			const missing: string[] = [];
			for (const row of contractOperations) {
				await step(`parameters of ${row.resource}.${row.operation}`, async () => {
					await chooseResource(row.resource);
					await chooseOperation(row.resource, row.operation);
					const shown = await E.renderedTopLevel(page);
					const expected = AGENCY_RESOURCES.includes(row.resource) ? row.topLevel : ['authentication', ...row.topLevel];
					for (const name of expected) if (!shown.includes(name)) missing.push(`${row.resource}.${row.operation}: ${name}`);
					for (const { name, fields } of row.collections) {
						const collection = collectionProperty(row.resource, row.operation, name);
						if (!collection) {
							missing.push(`${row.resource}.${row.operation}: collection ${name}`);
							continue;
						}
						const offered = (await E.collectionOptionNames(page, collection.displayName)).map(
							(displayName: string) => (collection.options as INodeProperties[]).find((o) => o.displayName === displayName)?.name,
						);
						for (const field of fields) if (!offered.includes(field)) missing.push(`${row.resource}.${row.operation}: ${name}.${field}`);
					}
				});
			}
			expect(missing).toEqual([]);
		}),
	);

	it(
		'with the agency key, a project-area resource asks for the Project and takes the agency credential',
		timed('agency key + project picker', async () => {
			await step('agency key on customer → get', async () => {
				await chooseResource('customer');
				await chooseOperation('customer', 'get');
				await E.selectOption(page, 'authentication', 'Agency Key');
				expect(await E.renderedTopLevel(page)).toEqual(expect.arrayContaining(['authentication', 'projectId', 'customerId']));
				await chooseCredential('agency');
				const projects = await E.pickFromList(page, 'projectId', 'acme', /Acme Bakery/);
				expect(projects).toEqual([`Acme Bakery (#${sim.defaultProject().id})`]);
				await E.setLocatorById(page, 'customerId', 1);
				await closeToasts();
				await E.executeStep(page);
				const output = await E.outputSummary(page);
				expect(output.count).toBe(1);
				expect(output.compact.startsWith('[{"id":1,')).toBe(true);
				await E.selectOption(page, 'authentication', 'Project Key');
				expect(await E.renderedTopLevel(page)).not.toContain('projectId');
			});
		}),
	);
});

describe('executing from the panel', () => {
	const project = () => sim.defaultProject();

	/** One operation per resource: what to fill, and what the output and the service must show. */
	const runs: Array<{ resource: string; operation: string; fill: () => Promise<void>; check: (output: { count: number | null; compact: string }) => void }> = [
		{
			resource: 'review',
			operation: 'getAll',
			fill: () => E.fillParameter(page, 'limit', 2),
			check: ({ count, compact }) => {
				expect(count).toBe(2);
				expect(compact).toMatch(/^\[\{"id":\d+,/);
			},
		},
		{
			resource: 'customer',
			operation: 'get',
			fill: () => E.setLocatorById(page, 'customerId', 2),
			check: ({ count, compact }) => {
				expect(count).toBe(1);
				expect(compact.startsWith('[{"id":2,')).toBe(true);
			},
		},
		{
			resource: 'charge',
			operation: 'getAll',
			fill: () => E.fillParameter(page, 'limit', 1),
			check: ({ count, compact }) => {
				expect(count).toBe(1);
				expect(compact).toMatch(/^\[\{"id":\d+,/);
			},
		},
		{
			resource: 'message',
			operation: 'getAll',
			fill: () => E.fillParameter(page, 'limit', 1),
			check: ({ count, compact }) => {
				expect(count).toBe(1);
				expect(compact).toMatch(/^\[\{"id":\d+,/);
			},
		},
		{
			resource: 'source',
			operation: 'create',
			fill: () => E.fillParameter(page, 'name', 'Editor Source'),
			check: ({ count, compact }) => {
				const created = project().sources.find((s) => s.name === 'Editor Source' && s.deleted_at === null);
				expect(created).toBeDefined();
				expect(count).toBe(1);
				expect(compact).toContain(`"id":${created!.id},`);
				expect(compact).toContain('"name":"EditorSource"');
			},
		},
		{
			resource: 'shareTemplate',
			operation: 'getAll',
			fill: async () => {},
			check: ({ count }) => expect(count).toBe(project().shareTemplates.length),
		},
		{
			resource: 'ask',
			operation: 'create',
			fill: () => E.fillParameter(page, 'email', 'editor.ask@example.com'),
			// The service answers the scheduled request (spec: email, phone, scheduled_at), no id.
			check: ({ count, compact }) => {
				expect(count).toBe(1);
				expect(compact).toMatch(/^\[\{"email":"editor\.ask@example\.com","phone":null,"scheduled_at":"\d{4}-/);
			},
		},
		{
			resource: 'project',
			operation: 'create',
			fill: () => E.fillParameter(page, 'name', 'Editor Bakery'),
			check: ({ count, compact }) => {
				const created = sim.state.projects.find((p) => p.name === 'Editor Bakery');
				expect(created).toBeDefined();
				expect(count).toBe(1);
				expect(compact.startsWith(`[{"id":${created!.id},`)).toBe(true);
			},
		},
		{
			resource: 'client',
			operation: 'getAll',
			fill: async () => {},
			check: ({ count }) => expect(count).toBe(sim.state.clients.length),
		},
	];

	it(
		'fills and executes one operation of each resource and reads the output panel',
		timed('9 executions', async () => {
			expect(runs.map((r) => r.resource).sort()).toEqual([...contractResources].sort());
			for (const run of runs) {
				await step(`execute ${run.resource}.${run.operation}`, async () => {
					await chooseResource(run.resource);
					await chooseOperation(run.resource, run.operation);
					if (!AGENCY_RESOURCES.includes(run.resource)) await E.selectOption(page, 'authentication', 'Project Key');
					await chooseCredential(AGENCY_RESOURCES.includes(run.resource) ? 'agency' : 'project');
					await run.fill();
					await closeToasts();
					await E.executeStep(page);
					run.check(await E.outputSummary(page));
				});
			}
		}),
	);

	it(
		'a "From list" picker with search: Review → Set Source, then the output carries the id',
		timed('From list with search', async () => {
			await step('set source from list', async () => {
				await chooseResource('review');
				await chooseOperation('review', 'setSource');
				await chooseCredential('project');
				await E.setLocatorById(page, 'reviewId', 1);
				expect((sim.toJson('review', 1) as Json).source.slug).not.toBe('facebook');
				const found = await E.pickFromList(page, 'sourceSlug', 'face', /facebook/i);
				expect(found).toEqual(['Facebook (facebook)']);
				await closeToasts();
				await E.executeStep(page);
				expect(await E.outputItems(page)).toEqual([{ success: true, id: 1 }]);
				expect((sim.toJson('review', 1) as Json).source.slug).toBe('facebook');
			});
		}),
	);
});

describe('the trigger in the editor', () => {
	it(
		'shows the authentication choice, asks for the Project with the agency key, and runs Fetch Test Event',
		timed('trigger', async () => {
			await step('add trigger', async () => {
				await newWorkflow();
				await addFromNodeCreator(/new review/i, { action: false });
			});
			await step('trigger panel', async () => {
				const shown = await E.renderedTopLevel(page);
				expect(shown).toEqual(expect.arrayContaining(['event', 'authentication']));
				expect(shown).not.toContain('projectId');
				expect(await E.selectedCredential(page)).toBe(stack.CREDENTIALS.project.name);
				await E.selectOption(page, 'authentication', 'Agency Key');
				expect(await E.renderedTopLevel(page)).toContain('projectId');
				await E.selectOption(page, 'authentication', 'Project Key');
				await chooseCredential('project');
			});
			await step('fetch test event', async () => {
				const newest = Math.max(...sim.defaultProject().reviews.items.map((r) => r.id));
				await closeToasts();
				expect(await page.$eval(browser.tid('node-execute-button'), (e: any) => e.textContent!.trim())).toBe('Fetch Test Event');
				await E.executeStep(page);
				const output = await E.outputSummary(page);
				expect(output.count).toBe(1);
				expect(output.compact.startsWith(`[{"id":${newest},`)).toBe(true);
			});
		}),
	);
});

describe('credentials in the editor', () => {
	it(
		'a credential test with a wrong key says which key to check',
		timed('credential test', async () => {
			await step('new credential with a wrong key', async () => {
				await newWorkflow();
				await addFromNodeCreator(/create.*review/i, { action: true });
				await page.click(`${browser.tid('node-credentials-select')} input`);
				const create = await browser.until('"Create new credential"', async () => {
					const el = await page.$(browser.tid('node-credentials-select-item-new'));
					return el && (await el.evaluate((e: any) => e.getBoundingClientRect().height > 0)) ? el : null;
				});
				await create.click();
				await page.waitForSelector(`${browser.tid('parameter-input-baseUrl')} input`, { visible: true });
				await page.type(`${browser.tid('parameter-input-baseUrl')} input`, sim.baseUrl);
				await page.type(`${browser.tid('parameter-input-apiKey')} input`, 'wrong-key-123');
				await page.click(browser.tid('credential-save-button'));
				const text = await browser.until('the credential test result', async () => {
					const dialog = await page.$eval(browser.tid('credential-edit-dialog'), (e: any) => e.innerText).catch(() => '');
					if (/Couldn.t connect/.test(dialog) && /More details/.test(dialog)) await clickText(browser.tid('credential-edit-dialog'), 'More details');
					return /Couldn.t connect/.test(dialog) && !/More details/.test(dialog) ? dialog : null;
				});
				expect(text).toMatch(/Couldn.t connect with these settings/);
				expect(text).toMatch(/The service refused the API key \(401\)\. Check that API Key is the project's secret key/);
				expect(text).not.toContain('wrong-key-123');
			});
		}),
	);
});
