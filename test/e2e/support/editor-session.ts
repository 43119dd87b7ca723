/**
 * One signed-in editor for test/e2e/editor.e2e.ts: the API simulator, a user folder with the packed
 * package and both credentials, the n8n server, chromium; plus the steps a user takes in the panel.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { ApiSimulator } from '../../simulator';
import { rows } from '../../harness/contract-table';

const n8n = require('../../../scripts/n8n/n8n-app');
const stack = require('../../../scripts/e2e/stack');
const browser = require('../../../scripts/e2e/browser');
const E = require('../../../scripts/e2e/editor-page');

export type Json = Record<string, any>;

const ACTION_NODE = 'n8n-nodes-review-collection.reviewCollection';
/** n8n adds this option to Resource and Operation of nodes with generic credentials: not ours. */
export const N8N_CUSTOM_API_CALL = 'Custom API Call';
export const AGENCY_RESOURCES = ['project', 'client'];

const SHOTS =
	process.env.E2E_SCREENSHOTS_DIR ??
	fs.mkdtempSync(path.join(os.tmpdir(), 'rc-editor-screenshots-'));

let sim: ApiSimulator;
let folder: Json | undefined;
let server: Json | undefined;
let chromium: Json | undefined;
let page: any;
let action: INodeTypeDescription;
const timings: string[] = [];

/** The session's simulator and browser page (set up by `useEditorSession`). */
export const ui = {
	get sim() {
		return sim;
	},
	get page() {
		return page;
	},
};

/** A step of a test: on failure its screenshot is kept and named in the error. */
export async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
	try {
		return await fn();
	} catch (error) {
		const file = await browser.screenshot(page, SHOTS, name);
		(error as Error).message += `\n[editor e2e] screenshot: ${file}`;
		throw error;
	}
}

/** Display names ↔ values of the action node, as the app serves them to the editor. */
export const valueOf = (options: INodeProperties['options'], name: string) =>
	(options as INodePropertyOptions[]).find((option) => option.name === name)?.value;
export const nameOf = (options: INodeProperties['options'], value: string) =>
	(options as INodePropertyOptions[]).find((option) => option.value === value)?.name as string;
export const resourceProperty = () => action.properties.find((p) => p.name === 'resource')!;
const resourceName = (resource: string) => nameOf(resourceProperty().options, resource);
const shownFor = (p: INodeProperties, resource: string, operation?: string) =>
	(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) &&
	(operation === undefined ||
		(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation));
export const operationProperty = (resource: string) =>
	action.properties.find((p) => p.name === 'operation' && shownFor(p, resource))!;
const operationName = (resource: string, operation: string) =>
	nameOf(operationProperty(resource).options, operation);
export const collectionProperty = (resource: string, operation: string, name: string) =>
	action.properties.find((p) => p.name === name && shownFor(p, resource, operation))!;

/** The contract's operations, top-level parameters and collection fields, per resource. */
export const contractOperations = rows.flatMap((row) =>
	row.operations.map((operation) => ({ ...row, operation })),
);
export const contractResources = [...new Set(rows.map((row) => row.resource))];

export async function closeToasts() {
	for (const button of await page.$$('.el-notification__closeBtn'))
		await button.click().catch(() => {});
}

/** Clicks the innermost element under `root` whose text is exactly `text`. */
export async function clickText(root: string, text: string) {
	for (const el of await page.$$(`${root} *`)) {
		const match = await el.evaluate(
			(e: any, want: string) => e.childElementCount === 0 && e.textContent!.trim() === want,
			text,
		);
		if (match) {
			await el.click();
			return;
		}
	}
}

export async function newWorkflow() {
	await page.goto(`${server!.url}/workflow/new`, { waitUntil: 'networkidle2' });
	await page.waitForSelector(browser.tid('canvas-plus-button'), { visible: true });
}

/** Node creator: search "Review Collection", open the package, click the item whose text matches. */
export async function addFromNodeCreator(item: RegExp, { action: isAction }: { action: boolean }) {
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
	// The package's panel slides in and re-renders its list: an item found during that may be detached
	// or still moving by the time it is clicked, so finding and clicking are retried together.
	const clicked = async (el: Awaited<ReturnType<typeof visibleItem>>) => {
		if (!el) return null;
		try {
			await el.click();
			return true;
		} catch {
			return null;
		}
	};
	await browser.until(`node creator item ${item} clicked`, async () => {
		const found = await visibleItem();
		if (found || !isAction) return await clicked(found);
		// The package's actions sit in a collapsed "Actions" category.
		for (const el of await page.$$(browser.tid('node-creator-category-item'))) {
			if (/Actions/.test(await el.evaluate((e: any) => e.textContent))) await el.click();
		}
		await browser.sleep(500);
		return await clicked(await visibleItem());
	});
	await page.waitForSelector(browser.tid('node-parameters'), { visible: true });
}

export async function chooseResource(resource: string) {
	await E.selectOption(page, 'resource', resourceName(resource));
}

export async function chooseOperation(resource: string, operation: string) {
	await E.selectOption(page, 'operation', operationName(resource, operation));
}

/** The credential the node's current resource and authentication take, chosen in the panel. */
export async function chooseCredential(kind: 'project' | 'agency') {
	await E.selectCredential(page, stack.CREDENTIALS[kind].name);
}

/** Registers the setup and teardown of one editor session for the test file. */
export function useEditorSession(): void {
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
		timings.push(
			`setup (simulator, pack + install, n8n start, chromium, sign-in): ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
	});

	afterAll(async () => {
		if (chromium) await browser.close(chromium);
		if (server) await n8n.stopServer(server);
		await sim?.stop();
		if (folder) n8n.removeUserFolder(folder);
		process.stdout.write(`[editor e2e] ${timings.join('; ')}\n`);
	});
}

export const timed = (name: string, fn: () => Promise<void>) => async () => {
	const started = Date.now();
	await fn();
	timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

/** Types into an input until it holds exactly `text` (a busy machine can drop keystrokes of a re-rendering field). */
export async function typeAndCheck(selector: string, text: string) {
	await browser.until(`${selector} = ${text}`, async () => {
		await ui.page.click(selector, { clickCount: 3 });
		await ui.page.keyboard.press('Backspace');
		await ui.page.type(selector, text);
		await browser.sleep(300);
		return (await ui.page.$eval(selector, (e: any) => e.value)) === text;
	});
}
