/**
 * One operation per resource, executed from the panel by test/e2e/editor.e2e.ts: what to fill, and
 * what the output panel and the service must show afterwards.
 */
import { documentedCheckCount } from './assumptions';
import { ui } from './editor-session';

const E = require('../../../scripts/e2e/editor-page');

const project = () => ui.sim.defaultProject();

export interface PanelRun {
	resource: string;
	operation: string;
	fill: () => Promise<void>;
	check: (output: { count: number | null; compact: string }) => void;
}

export const PANEL_RUNS: PanelRun[] = [
	{
		resource: 'review',
		operation: 'getAll',
		fill: () => E.fillParameter(ui.page, 'limit', 2),
		check: ({ count, compact }) => {
			expect(count).toBe(2);
			expect(compact).toMatch(/^\[\{"id":\d+,/);
		},
	},
	{
		resource: 'customer',
		operation: 'get',
		fill: () => E.setLocatorById(ui.page, 'customerId', 2),
		check: ({ count, compact }) => {
			expect(count).toBe(1);
			expect(compact.startsWith('[{"id":2,')).toBe(true);
		},
	},
	{
		resource: 'charge',
		operation: 'getAll',
		fill: () => E.fillParameter(ui.page, 'limit', 1),
		check: ({ count, compact }) => {
			expect(count).toBe(1);
			expect(compact).toMatch(/^\[\{"id":\d+,/);
		},
	},
	{
		resource: 'message',
		operation: 'getAll',
		fill: () => E.fillParameter(ui.page, 'limit', 1),
		check: ({ count, compact }) => {
			expect(count).toBe(1);
			expect(compact).toMatch(/^\[\{"id":\d+,/);
		},
	},
	{
		resource: 'source',
		operation: 'create',
		fill: () => E.fillParameter(ui.page, 'name', 'Editor Source'),
		check: ({ count, compact }) => {
			const created = project().sources.find(
				(s) => s.name === 'Editor Source' && s.deleted_at === null,
			);
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
		fill: () => E.fillParameter(ui.page, 'email', 'editor.ask@example.com'),
		// The service answers the scheduled request (spec: email, phone, scheduled_at), no id.
		check: ({ count, compact }) => {
			expect(count).toBe(1);
			expect(compact).toMatch(
				/^\[\{"email":"editor\.ask@example\.com","phone":null,"scheduled_at":"\d{4}-/,
			);
		},
	},
	{
		resource: 'project',
		operation: 'create',
		fill: () => E.fillParameter(ui.page, 'name', 'Editor Bakery'),
		check: ({ count, compact }) => {
			const created = ui.sim.state.projects.find((p) => p.name === 'Editor Bakery');
			expect(created).toBeDefined();
			expect(count).toBe(1);
			expect(compact.startsWith(`[{"id":${created!.id},`)).toBe(true);
		},
	},
	{
		resource: 'client',
		operation: 'getAll',
		fill: async () => {
			// The seed has no client users: invite two at the service, then ask for one.
			ui.sim.addClient();
			ui.sim.addClient();
			await E.fillParameter(ui.page, 'limit', 1);
		},
		check: ({ count, compact }) => {
			expect(count).toBe(1);
			expect(compact).toMatch(/^\[\{"id":\d+,/);
		},
	},
	{
		resource: 'diagnostics',
		operation: 'checkService',
		fill: async () => {},
		// One item per check (issue 42: the editor shows Check Service's items), each with its verdict.
		check: ({ count, compact }) => {
			expect(count).toBe(documentedCheckCount());
			expect(compact).toMatch(/^\[\{"check":"[a-z0-9.-]+",/);
			expect(compact).toContain('"verdict":"holds"');
		},
	},
];
