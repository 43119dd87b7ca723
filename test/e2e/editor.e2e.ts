/**
 * The nodes as a user meets them: the REAL n8n editor (2.41.1) in a real browser (Debian's chromium,
 * puppeteer-core), with this package packed and installed as n8n installs a community package, and
 * both credentials pointing at the API simulator. Every step is a click or a keystroke in the editor;
 * the contract (docs/contract.md §3) says what the panel must offer.
 *
 * Screenshots of failing steps are kept in the folder printed at the start (E2E_SCREENSHOTS_DIR to choose it).
 */
import type { INodeProperties } from 'n8n-workflow';

import {
	AGENCY_RESOURCES,
	type Json,
	N8N_CUSTOM_API_CALL,
	addFromNodeCreator,
	chooseCredential,
	chooseOperation,
	chooseResource,
	clickText,
	closeToasts,
	collectionProperty,
	contractOperations,
	contractResources,
	newWorkflow,
	operationProperty,
	resourceProperty,
	step,
	timed,
	typeAndCheck,
	ui,
	useEditorSession,
	valueOf,
} from './support/editor-session';
import { PANEL_RUNS } from './support/panel-runs';

const stack = require('../../scripts/e2e/stack');
const browser = require('../../scripts/e2e/browser');
const E = require('../../scripts/e2e/editor-page');

useEditorSession();

describe('the action node in the editor', () => {
	it(
		'the node creator lists its actions by short n8n-style labels; a node added there is named after its label',
		timed('node creator labels', async () => {
			await step('labels in the node creator', async () => {
				await newWorkflow();
				await E.openNodeInCreator(ui.page, 'Review Collection');
				const items: Array<{ category: string; label: string }> = await E.creatorItems(ui.page);
				process.stdout.write(`[editor e2e] node creator: ${JSON.stringify(items)}\n`);
				const labels = items.filter((i) => !/trigger/i.test(i.category)).map((i) => i.label);
				// Every operation, listed by its action (as the app serves the node's description) ...
				const served = contractResources.flatMap((resource) =>
					(operationProperty(resource).options as Array<{ action?: string }>).map((o) => o.action),
				);
				expect([...labels].sort()).toEqual([...served].sort());
				// ... in n8n's wording: short, sentence case, no clauses.
				expect(labels).toEqual(
					expect.arrayContaining([
						'Get many reviews',
						'Create a review',
						'Reply to a review',
						'Delete a customer',
					]),
				);
				for (const label of labels) {
					expect({ label, short: label.length <= 40 }).toEqual({ label, short: true });
					expect(label).toMatch(/^[A-Z][a-z]*( ([a-z0-9'-]+|[A-Z]{2,}))*$/);
				}
			});
			await step('add "Create a review" from the creator', async () => {
				await E.clickCreatorItem(ui.page, 'Create a review');
				await ui.page.waitForSelector(browser.tid('node-parameters'), { visible: true });
				const names: string[] = await E.canvasNodeNames(ui.page);
				expect(names).toContain('Create a review');
				expect(names.some((name) => name.length > 40)).toBe(false);
			});
		}),
	);

	it(
		'shows Resource, Authentication and Operation, on the project credential',
		timed('new node panel', async () => {
			const shown = await E.renderedTopLevel(ui.page);
			expect(shown.slice(0, 3)).toEqual(['resource', 'authentication', 'operation']);
			expect(await E.selectedCredential(ui.page)).toBe(stack.CREDENTIALS.project.name);
			expect(await E.optionsOf(ui.page, 'authentication')).toEqual(['Project Key', 'Agency Key']);
			const resources = (await E.optionsOf(ui.page, 'resource')).filter(
				(name: string) => name !== N8N_CUSTOM_API_CALL,
			);
			expect(
				resources.map((name: string) => valueOf(resourceProperty().options, name)).sort(),
			).toEqual([...contractResources].sort());
		}),
	);

	it(
		'lists exactly the contract operations of each of the 10 resources (Diagnostics among them)',
		timed('10 resources × operations', async () => {
			expect(contractResources).toContain('diagnostics');
			for (const resource of contractResources) {
				await step(`operations of ${resource}`, async () => {
					await chooseResource(resource);
					const names = (await E.optionsOf(ui.page, 'operation')).filter(
						(name: string) => name !== N8N_CUSTOM_API_CALL,
					);
					const listed = names.map(
						(name: string) =>
							valueOf(operationProperty(resource).options, name) ?? `unknown "${name}"`,
					);
					const expected = contractOperations
						.filter((row) => row.resource === resource)
						.map((row) => row.operation);
					expect({ resource, operations: listed.sort() }).toEqual({
						resource,
						operations: expected.sort(),
					});
				});
			}
		}),
	);

	it(
		'renders every contract parameter of every operation, and every field of its collections',
		timed(`${contractOperations.length} operations × parameters`, async () => {
			const missing: string[] = [];
			for (const row of contractOperations) {
				await step(`parameters of ${row.resource}.${row.operation}`, async () => {
					await chooseResource(row.resource);
					await chooseOperation(row.resource, row.operation);
					const shown = await E.renderedTopLevel(ui.page);
					// Explain Trigger reads n8n's own API only: no Authentication (contract §11).
					const signsIn =
						!AGENCY_RESOURCES.includes(row.resource) &&
						`${row.resource}.${row.operation}` !== 'diagnostics.explainTrigger';
					const expected = signsIn ? ['authentication', ...row.topLevel] : row.topLevel;
					for (const name of expected)
						if (!shown.includes(name)) missing.push(`${row.resource}.${row.operation}: ${name}`);
					for (const { name, fields } of row.collections) {
						const collection = collectionProperty(row.resource, row.operation, name);
						if (!collection) {
							missing.push(`${row.resource}.${row.operation}: collection ${name}`);
							continue;
						}
						const offered = (await E.collectionOptionNames(ui.page, collection.displayName)).map(
							(displayName: string) =>
								(collection.options as INodeProperties[]).find((o) => o.displayName === displayName)
									?.name,
						);
						for (const field of fields)
							if (!offered.includes(field))
								missing.push(`${row.resource}.${row.operation}: ${name}.${field}`);
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
				await E.selectOption(ui.page, 'authentication', 'Agency Key');
				expect(await E.renderedTopLevel(ui.page)).toEqual(
					expect.arrayContaining(['authentication', 'projectId', 'customerId']),
				);
				await chooseCredential('agency');
				const projects = await E.pickFromList(ui.page, 'projectId', 'acme', /Acme Bakery/);
				expect(projects).toEqual([`Acme Bakery (#${ui.sim.defaultProject().id})`]);
				await E.setLocatorById(ui.page, 'customerId', 1);
				await closeToasts();
				await E.executeStep(ui.page);
				const output = await E.outputSummary(ui.page);
				expect(output.count).toBe(1);
				expect(output.compact.startsWith('[{"id":1,')).toBe(true);
				await E.selectOption(ui.page, 'authentication', 'Project Key');
				expect(await E.renderedTopLevel(ui.page)).not.toContain('projectId');
			});
		}),
	);
});

describe('executing from the panel', () => {
	it(
		'fills and executes one operation of each resource and reads the output panel',
		timed('10 executions', async () => {
			expect(PANEL_RUNS.map((r) => r.resource).sort()).toEqual([...contractResources].sort());
			for (const run of PANEL_RUNS) {
				await step(`execute ${run.resource}.${run.operation}`, async () => {
					await chooseResource(run.resource);
					await chooseOperation(run.resource, run.operation);
					if (!AGENCY_RESOURCES.includes(run.resource))
						await E.selectOption(ui.page, 'authentication', 'Project Key');
					await chooseCredential(AGENCY_RESOURCES.includes(run.resource) ? 'agency' : 'project');
					await run.fill();
					await closeToasts();
					await E.executeStep(ui.page);
					run.check(await E.outputSummary(ui.page));
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
				await E.setLocatorById(ui.page, 'reviewId', 1);
				expect((ui.sim.toJson('review', 1) as Json).source.slug).not.toBe('facebook');
				const found = await E.pickFromList(ui.page, 'sourceSlug', 'face', /facebook/i);
				expect(found).toEqual(['Facebook (facebook)']);
				await closeToasts();
				await E.executeStep(ui.page);
				expect(await E.outputItems(ui.page)).toEqual([{ success: true, id: 1 }]);
				expect((ui.sim.toJson('review', 1) as Json).source.slug).toBe('facebook');
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
				const shown = await E.renderedTopLevel(ui.page);
				expect(shown).toEqual(expect.arrayContaining(['event', 'authentication']));
				expect(shown).not.toContain('projectId');
				expect(await E.selectedCredential(ui.page)).toBe(stack.CREDENTIALS.project.name);
				await E.selectOption(ui.page, 'authentication', 'Agency Key');
				expect(await E.renderedTopLevel(ui.page)).toContain('projectId');
				await E.selectOption(ui.page, 'authentication', 'Project Key');
				await chooseCredential('project');
			});
			await step('fetch test event', async () => {
				const newest = Math.max(...ui.sim.defaultProject().reviews.items.map((r) => r.id));
				await closeToasts();
				expect(
					await ui.page.$eval(browser.tid('node-execute-button'), (e: any) =>
						e.textContent!.trim(),
					),
				).toBe('Fetch Test Event');
				await E.executeStep(ui.page);
				const output = await E.outputSummary(ui.page);
				expect(output.count).toBe(1);
				expect(output.compact.startsWith(`[{"id":${newest},`)).toBe(true);
			});
			await step('fetch test event with nothing matching explains why', async () => {
				// No listed review scores 5 any more: the Score filter (default 5) excludes every one.
				const project = ui.sim.defaultProject();
				for (const review of project.reviews.items.filter((r) => r.score === 5))
					ui.sim.removeRecord('review', review.id, project.id);
				await E.addCollectionOption(ui.page, 'Filters', 'Score');
				await closeToasts();
				await E.executeStep(ui.page);
				const shown = await browser.until('the explanation in the output panel', async () => {
					const text: string = (await E.outputText(ui.page)).replace(/\s+/g, ' ');
					return /excluded, the newest scored/.test(text) ? text : null;
				});
				expect(shown).toContain('No data with the current filter could be found');
				expect(shown).toMatch(/Read the \d+ newest reviews; the newest \(id \d+\) created at /);
				expect(shown).toMatch(
					/Score 5: (\d+) of the \1 newest reviews excluded, the newest scored [1-4]\./,
				);
				expect(shown).toContain('Make a matching event happen once, or loosen the filters.');
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
				await addFromNodeCreator(/^Create a review$/, { action: true });
				await ui.page.click(`${browser.tid('node-credentials-select')} input`);
				const create = await browser.until('"Create new credential"', async () => {
					const el = await ui.page.$(browser.tid('node-credentials-select-item-new'));
					return el && (await el.evaluate((e: any) => e.getBoundingClientRect().height > 0))
						? el
						: null;
				});
				await create.click();
				await ui.page.waitForSelector(`${browser.tid('parameter-input-baseUrl')} input`, {
					visible: true,
				});
				await typeAndCheck(`${browser.tid('parameter-input-baseUrl')} input`, ui.sim.baseUrl);
				await typeAndCheck(`${browser.tid('parameter-input-apiKey')} input`, 'wrong-key-123');
				// The dialog takes typed values after a short debounce: leave the field and let it settle.
				await ui.page.keyboard.press('Tab');
				await browser.sleep(1000);
				await ui.page.click(browser.tid('credential-save-button'));
				const text = await browser.until('the credential test result', async () => {
					const dialog = await ui.page
						.$eval(browser.tid('credential-edit-dialog'), (e: any) => e.innerText)
						.catch(() => '');
					if (/Couldn.t connect/.test(dialog) && /More details/.test(dialog))
						await clickText(browser.tid('credential-edit-dialog'), 'More details');
					return /Couldn.t connect/.test(dialog) && !/More details/.test(dialog) ? dialog : null;
				});
				expect(text).toMatch(/Couldn.t connect with these settings/);
				expect(text).toMatch(
					/The service refused the API key \(401\)\. Check that API Key is the project's secret key/,
				);
				expect(text).not.toContain('wrong-key-123');
			});
		}),
	);
});
