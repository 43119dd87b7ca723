/**
 * The probe's five false alarms (issue 42): services where the package's guess holds, or where the
 * probe can decide, and where it said otherwise. Each case is the simulator (with a proxy in front for
 * what no dialect chooses) and the probe's verdict on the one row it got wrong.
 */
import { ApiSimulator, SimProject } from '../simulator';
import { startReshapingProxy, Reshaping } from './reshaping-proxy';
import { seedForProbe } from './seed';

import type { ProbeResult } from '../../nodes/ReviewCollection/actions/diagnostics/probe/run';
import { idOutOfCreationOrder } from '../../nodes/ReviewCollection/actions/diagnostics/probe/order';
import { probeService } from './run-probe';

const HOUR = 3600;
const DAY = 86_400;

/** The probe's results by row id, against `dialect` seeded for the probe plus `more`, through `reshaping`. */
async function probeCase(
	dialect: string,
	more: (sim: ApiSimulator, project: SimProject) => void,
	reshaping?: Reshaping,
): Promise<Record<string, ProbeResult>> {
	const sim = await ApiSimulator.start({ dialect, seed: false });
	const proxy = reshaping ? await startReshapingProxy(sim.baseUrl, reshaping) : undefined;
	try {
		const project = seedForProbe(sim);
		more(sim, project);
		const { report } = await probeService({
			baseUrl: proxy?.baseUrl ?? sim.baseUrl,
			projectKey: project.key,
			agencyKey: sim.agencyKey,
		});
		expect(report.ok).toBe(true);
		expect(sim.requests.filter((r) => r.method !== 'GET')).toEqual([]);
		return Object.fromEntries(report.results.map((r) => [r.check, r]));
	} finally {
		await proxy?.stop();
		await sim.stop();
	}
}

test('client.roles: any role the service has holds (the node suggests none); the roles seen are listed', async () => {
	const results = await probeCase('guesses', (sim, project) => {
		sim.addClient({ role_slug: 'account-owner', project_ids: [project.id] });
	});
	expect(results['client.roles'].verdict).toBe('holds');
	expect(results['client.roles'].detail).toContain('account-owner');
});

test('message.status: a status filter that filters, with values meaning other things, is taken; refused values decide status-values', async () => {
	let complained = 0;
	const refused = ['processed', 'complained', 'halted'];
	const results = await probeCase(
		'guesses',
		(sim, project) => {
			const customer = sim.addCustomer(project.id, { email: 'extra@example.com' });
			for (let i = 0; i < 4; i++)
				complained = sim.addMessage(project.id, {
					customer_id: customer.id,
					channel: 'email',
					status: 'delivered',
					created_at: sim.now() - (i + 1) * HOUR,
				}).id;
		},
		{
			// This service files a complaint under "delivered" and has no processed, complained or halted.
			answer: (path, query) =>
				path === '/project/messages' && refused.includes(query.get('status') ?? '')
					? {
							status: 422,
							body: {
								success: false,
								code: 422,
								message: 'The selected status is invalid.',
								errors: { status: ['The selected status is invalid.'] },
							},
						}
					: undefined,
			body: (path, _query, body) => {
				if (path !== '/project/messages') return;
				const data = (body as { data?: Array<Record<string, unknown>> }).data ?? [];
				for (const message of data)
					if (message.id === complained) message.complained_at = message.delivered_at;
			},
		},
	);
	expect(results['message.status'].verdict).toBe('holds');
	expect(results['message.status-values'].verdict).toBe('differs');
	for (const value of refused) expect(results['message.status-values'].detail).toContain(value);
});

test('ids-grow: messages created out of id order are no alarm (New Message does not order by id)', async () => {
	const results = await probeCase('guesses', (sim, project) => {
		const customer = sim.addCustomer(project.id, {
			email: 'late@example.com',
			created_at: sim.now() - 60,
		});
		// Imported late: a larger id than messages created after it.
		sim.addMessage(project.id, {
			customer_id: customer.id,
			channel: 'sms',
			created_at: sim.now() - 90 * DAY,
		});
	});
	expect(results['ids-grow'].verdict).toBe('holds');
});

test('ids-grow: a customer created after another with a smaller id differs, whichever records are neighbours', async () => {
	const results = await probeCase(
		'guesses',
		(sim, project) => {
			const t = sim.now() - 10 * 60;
			sim.addCustomer(project.id, { email: 'a@example.com', created_at: t });
			sim.addCustomer(project.id, { email: 'c@example.com', created_at: t - 600 });
			sim.addCustomer(project.id, { email: 'b@example.com', created_at: t });
		},
		{
			// This service lists equal created_at values by ascending id, also newest first: a and b, then c.
			body: (path, query, body) => {
				if (path !== '/project/customers' || query.get('sort_dir') !== 'desc') return;
				const data = (body as { data: Array<{ id: number; created_at: number }> }).data;
				data.sort((x, y) => y.created_at - x.created_at || x.id - y.id);
			},
		},
	);
	expect(results['ids-grow'].verdict).toBe('differs');
});

test('reviews.sort-dir: a service that ignores sort_key (ordering by id) but honours sort_dir holds', async () => {
	const results = await probeCase(
		'guesses',
		(sim, project) => {
			// An imported review: the newest id with an old review date.
			sim.addReview(project.id, { score: 5, created_at: sim.now() - 300 * DAY });
		},
		{
			query: (path, query) => {
				if (path !== '/project/reviews') return;
				if (query.has('sort_key')) query.set('sort_key', 'id');
				query.delete('facet');
			},
		},
	);
	expect(results['reviews.sort-dir'].verdict).toBe('holds');
});

test('customer.facet-all: ignored facet, the customer list longer than a page: the archived customer read by id decides it', async () => {
	const results = await probeCase('other-names', (sim, project) => {
		for (let i = 0; i < 110; i++)
			sim.addCustomer(project.id, {
				email: `more${i}@example.com`,
				created_at: sim.now() - (200 + i) * DAY,
			});
	});
	expect(results['customer.facet-all'].verdict).toBe('differs');
});

test('ids-grow compares every pair: the same customers in any order give the same answer', () => {
	const customers = [
		{ id: 1, created_at: 300 },
		{ id: 3, created_at: 300 },
		{ id: 2, created_at: 200 },
		{ id: 4, created_at: 400 },
	];
	const orders = [
		customers,
		[...customers].reverse(),
		[customers[1], customers[0], customers[3], customers[2]],
	];
	for (const order of orders)
		expect(idOutOfCreationOrder(order)).toEqual({ newer: customers[0], older: customers[2] });
	expect(idOutOfCreationOrder(customers.filter((c) => c.id !== 2))).toBeUndefined();
});
