/**
 * The example workflows in the REAL n8n app: this package packed and installed as n8n installs a
 * community package, credentials pointing at the API simulator (in this process, reached by the
 * n8n child processes over 127.0.0.1), workflows imported and run by n8n itself.
 *
 * `n8n execute` (CLI) only starts from a Manual Trigger (or Execute Workflow / Manual Chat
 * Trigger): a workflow starting with a polling or schedule trigger is refused ("Missing node to
 * start execution"). Those run as the editor's "Execute workflow" does: POST
 * /rest/workflows/:id/run, mode manual; the polling trigger then polls once ("Fetch Test Event":
 * the newest review).
 */
import { ApiSimulator } from '../simulator';

const n8n = require('../../scripts/n8n/n8n-app');
const stack = require('../../scripts/e2e/stack');

type Json = Record<string, any>;

let sim: ApiSimulator;
let folder: Json;
let ids: Record<string, string>;
let server: Json | undefined;
let cookie: string;

const project = () => sim.defaultProject();
const review = (id: number) => sim.toJson('review', id) as Json;

beforeAll(async () => {
	sim = await ApiSimulator.start();
	({ folder, workflowIds: ids } = await stack.prepareFolder({ sim }));
});

afterAll(async () => {
	if (server) await n8n.stopServer(server);
	await sim?.stop();
	if (folder) n8n.removeUserFolder(folder);
});

describe('n8n CLI (`n8n execute --id`)', () => {
	it('agency-onboarding: creates a project with three sources and outputs a summary', async () => {
		const before = sim.state.projects.length;
		const { ok, run, error } = await n8n.executeWorkflow(folder, ids['agency-onboarding']);
		expect(error).toBeNull();
		expect(ok).toBe(true);

		expect(sim.state.projects).toHaveLength(before + 1);
		const created = sim.state.projects[sim.state.projects.length - 1];
		expect(created.name).toMatch(/^Bella Pizzeria \d{8}-\d{6}$/);
		const live = created.sources.filter((s) => s.deleted_at === null);
		expect(live.map((s) => s.slug).sort()).toEqual(['facebook', 'google', 'yelp']);
		expect(live.find((s) => s.slug === 'yelp')).toMatchObject({
			name: 'Yelp',
			sprite: 'fab fa-yelp',
			color: '#d32323',
		});

		expect(n8n.nodeOutput(run, 'Get Project Key')).toEqual([{ key: created.key }]);
		const [summary, ...rest] = n8n.nodeOutput(run, 'Default Template Check');
		expect(rest).toHaveLength(0);
		// A project created through the API has no share templates in the simulator.
		expect(summary).toEqual({
			projectId: created.id,
			projectName: created.name,
			sources: ['google', 'facebook', 'yelp'],
			shareTemplates: 0,
			hasDefaultShareTemplate: false,
		});
	});

	it.each(['review-reply', 'crm-charge-sync'])(
		'refuses %s (no Manual Trigger to start from) and sends nothing',
		async (key) => {
			const sent = sim.requests.length;
			const r = await n8n.runCli(folder, ['execute', `--id=${ids[key]}`, '--rawOutput'], {
				env: { N8N_LOG_LEVEL: 'info' },
			});
			expect(r.code).not.toBe(0);
			expect(r.stdout + r.stderr).toMatch(/Missing node to start execution/);
			expect(sim.requests.length).toBe(sent);
		},
	);
});

describe('n8n server', () => {
	beforeAll(async () => {
		server = await n8n.startServer(folder, {
			env: { EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true' },
		});
		({ cookie } = await n8n.setupOwner(server));
	});

	it('lists both nodes of the package', async () => {
		const names = (await n8n.listNodeTypes(server, cookie)).map((t: Json) => t.name);
		expect(names).toEqual(
			expect.arrayContaining([
				'n8n-nodes-review-collection.reviewCollection',
				'n8n-nodes-review-collection.reviewCollectionTrigger',
			]),
		);
	});

	it('review-reply, newest review low-score: tags it as a complaint', async () => {
		const newest = review(5);
		expect(newest).toMatchObject({ score: 3, tags: [] });
		const { status, run } = await stack.runManually(
			server,
			cookie,
			ids['review-reply'],
			'New Review',
		);
		expect(status).toBe('success');
		expect(n8n.nodeOutput(run, 'New Review')).toEqual([
			expect.objectContaining({ id: 5, score: 3 }),
		]);
		expect(n8n.nodeOutput(run, 'Tag as Complaint')).toEqual([{ success: true, id: 5 }]);
		expect(run.data.resultData.runData.Reply).toBeUndefined();
		expect(review(5).tags.map((t: Json) => t.slug)).toEqual(['complaint']);
		expect(review(5)).toMatchObject({ reply: '', replied_at: null });
	});

	it('review-reply, new 5-star review: replies and marks it replied', async () => {
		const added = sim.addReview(project().id, {
			score: 5,
			first_name: 'Dana',
			last_name: 'Diaz',
			email: 'dana@example.com',
			review: 'Lovely!',
		});
		const name = review(added.id).reviewer.name;
		const { status, run } = await stack.runManually(
			server,
			cookie,
			ids['review-reply'],
			'New Review',
		);
		expect(status).toBe('success');
		expect(n8n.nodeOutput(run, 'New Review')).toEqual([
			expect.objectContaining({ id: added.id, score: 5 }),
		]);
		expect(run.data.resultData.runData['Tag as Complaint']).toBeUndefined();
		const text = `Thank you ${name} for your 5-star review! We hope to see you again soon.`;
		const after = review(added.id);
		expect(after.reply).toBe(text);
		expect(after.replied_at).not.toBeNull();
		expect(n8n.nodeOutput(run, 'Mark Replied')).toEqual([{ success: true, id: added.id }]);
		expect(review(5).tags.map((t: Json) => t.slug)).toEqual(['complaint']);
	});

	it('crm-charge-sync: three charges, currencies upper-cased, customers found or created by email', async () => {
		const p = project();
		const chargesBefore = p.charges.items.length;
		const customersBefore = p.customers.items.length;
		const alice = p.customerByEmail.get('alice@example.com')!;
		const bob = p.customerByEmail.get('bob@example.com')!;
		expect(p.customerByEmail.get('new.customer@example.com')).toBeUndefined();

		const { status, run } = await stack.runManually(
			server,
			cookie,
			ids['crm-charge-sync'],
			'Every Hour',
		);
		expect(status).toBe('success');
		expect(n8n.nodeOutput(run, 'Create Charge')).toHaveLength(3);

		const created = p.charges.items.slice(chargesBefore);
		expect(created).toHaveLength(3);
		const fresh = p.customerByEmail.get('new.customer@example.com');
		expect(fresh).toBeDefined();
		expect(p.customers.items.length).toBe(customersBefore + 1);
		const byCustomer = (id: number) => created.find((c) => c.customer_id === id);
		expect(byCustomer(alice.id)).toMatchObject({
			amount: 4200,
			currency: 'USD',
			charged_at: Date.parse('2026-11-20T09:30:00Z') / 1000,
		});
		expect(byCustomer(fresh!.id)).toMatchObject({
			amount: 1599,
			currency: 'USD',
			charged_at: Date.parse('2026-11-21T13:05:00Z') / 1000,
		});
		expect(byCustomer(bob.id)).toMatchObject({
			amount: 899,
			currency: 'USD',
			charged_at: 1763700000,
		});
	});

	it('crm-charge-sync run again (Skip If Already Recorded): nothing twice, also after a failure at the 6th charge', async () => {
		const p = project();
		const posts = () => sim.requests.filter((r) => r.method === 'POST').length;
		const run = async () =>
			await stack.runManually(server, cookie, ids['crm-charge-sync'], 'Every Hour');

		// The shipped example again, as an hourly schedule re-sending the same CRM charges would.
		const chargesBefore = p.charges.items.length;
		let postsBefore = posts();
		const again = await run();
		expect(again.status).toBe('success');
		expect(n8n.nodeOutput(again.run, 'Create Charge')).toEqual([
			expect.objectContaining({ skipped: true, amount: 4200, currency: 'USD' }),
			expect.objectContaining({ skipped: true, amount: 1599, currency: 'USD' }),
			expect.objectContaining({ skipped: true, amount: 899, currency: 'USD' }),
		]);
		expect(posts()).toBe(postsBefore);
		expect(p.charges.items).toHaveLength(chargesBefore);

		// A CRM feed of 10 charges (pinned on the CRM node, as a user pins test data) whose 6th POST
		// fails: the execution stops after 5; running it again records the other 5 and no charge twice.
		const feed = Array.from({ length: 10 }, (_, i) => ({
			email: `sync.${i}@example.com`,
			amountCents: 3000 + i,
			currency: 'eur',
			paidAt: `2026-11-22T1${i}:00:00+01:00`,
		}));
		const pinned = await n8n.request(server, 'PATCH', `/rest/workflows/${ids['crm-charge-sync']}`, {
			cookie,
			body: { pinData: { 'CRM Charges': feed.map((json) => ({ json })) } },
		});
		expect(pinned.status).toBe(200);
		const chargesOf = (email: string) => {
			const customer = p.customerByEmail.get(email);
			return customer ? p.charges.items.filter((ch) => ch.customer_id === customer.id) : [];
		};
		sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			skip: 5,
			fault: { kind: 'status', status: 500 },
		});

		const failed = await run();
		expect(failed.status).toBe('error');
		expect(feed.map((charge) => chargesOf(charge.email).length)).toEqual([
			1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
		]);

		postsBefore = posts();
		const rerun = await run();
		expect(rerun.status).toBe('success');
		expect(posts() - postsBefore).toBe(5);
		const output = n8n.nodeOutput(rerun.run, 'Create Charge');
		expect(output.map((charge: Json) => charge.skipped === true)).toEqual([
			true,
			true,
			true,
			true,
			true,
			false,
			false,
			false,
			false,
			false,
		]);
		feed.forEach((charge, i) => {
			const held = chargesOf(charge.email);
			expect(held).toHaveLength(1);
			expect(held[0]).toMatchObject({
				amount: 3000 + i,
				currency: 'EUR',
				charged_at: Date.parse(`2026-11-22T${String(9 + i).padStart(2, '0')}:00:00Z`) / 1000,
			});
			if (i < 5) expect(output[i].id).toBe(held[0].id);
		});
	});

	it('stops cleanly: no process of the server is left', async () => {
		const pid = server!.pid;
		await n8n.stopServer(server);
		server = undefined;
		expect(stack.groupAlive(pid)).toBe(false);
	});
});
