/**
 * Issues 23 and 30: what "Skip If Already Recorded" costs in requests, measured on the simulator's
 * request log for a sync of 20 charges of one day (the figures README.md states). Printed for the
 * record. Each item's customer is looked up (one request per contact, shared by the items of one run
 * until a POST), the day's charges are read only for customers the service knows.
 */
import type { LoggedRequest } from '../../simulator';
import { useSimulator } from '../../harness/simulator-env';
import { pagesToRead } from '../../../nodes/ReviewCollection/transport/list-reader';

const env = useSimulator();
const ITEMS = 20;

const sync = {
	resource: 'charge',
	operation: 'create',
	amount: '={{ $json.amount }}',
	currency: 'USD',
	additionalFields: { email: '={{ $json.email }}', chargedAt: '={{ $json.paidAt }}' },
	options: { skipExisting: true },
};

const crmCharges = (customers: number) =>
	Array.from({ length: ITEMS }, (_, i) => ({
		email: `buyer${i % customers}@example.com`,
		amount: 2000 + i,
		paidAt: `2026-11-20T10:${String(i).padStart(2, '0')}:00Z`,
	}));

function tally(requests: LoggedRequest[]) {
	const count = (method: string, pattern: RegExp) =>
		requests.filter((r) => r.method === method && pattern.test(r.path)).length;
	return {
		chargeListPages: count('GET', /^\/project\/charges$/),
		customerLookups: count('GET', /^\/project\/customers$/),
		posts: count('POST', /^\/project\/charges$/),
		total: requests.length,
		perItem: requests.length / ITEMS,
	};
}

describe(`request cost of Skip If Already Recorded, ${ITEMS} charges of one day`, () => {
	const measured: Record<string, ReturnType<typeof tally>> = {};
	afterAll(() => {
		console.log(`Skip If Already Recorded, ${ITEMS} items:\n${JSON.stringify(measured, null, 1)}`);
	});

	it.each([
		['each of its own customer', ITEMS, 0],
		['of 4 customers', 4, 0],
		['each of its own customer, on a day with 1,000 other charges', ITEMS, 1000],
	])(
		'%s: first run, re-run after a failure at the 11th POST, re-run of a finished sync',
		async (what, customers, otherCharges) => {
			const input = crmCharges(customers);
			const project = env.sim.defaultProject();
			for (let i = 0; i < otherCharges; i++)
				env.sim.addCharge(project.id, {
					email: 'bob@example.com',
					charged_at: '2026-11-20T12:00:00Z',
				});
			// The lookup reads the charges of the day before, the day and the day after, as Return All does.
			const listPages = () => {
				const from = Date.parse('2026-11-19T00:00:00Z') / 1000;
				const inWindow = project.charges.items.filter(
					(ch) => ch.charged_at >= from && ch.charged_at < from + 3 * 86400,
				).length;
				return pagesToRead(inWindow, 100);
			};
			env.sim.injectFault({
				method: 'POST',
				path: '/project/charges',
				skip: 10,
				fault: { kind: 'status', status: 503 },
			});
			const pages = [listPages()];
			await env.run(sync, { input });
			const firstRun = tally(env.sim.requests);
			env.sim.clearLog();
			pages.push(listPages());
			await env.run(sync, { input });
			const reRun = tally(env.sim.requests);
			env.sim.clearLog();
			pages.push(listPages());
			const { items } = await env.run(sync, { input });
			const finishedReRun = tally(env.sim.requests);
			measured[`${what}: first run (fails at the 11th POST)`] = firstRun;
			measured[`${what}: re-run (10 recorded, 10 not)`] = reRun;
			measured[`${what}: re-run of a finished sync`] = finishedReRun;

			expect(items.every((item) => item.json.skipped === true)).toBe(true);
			// New customers have no charges: their lookup is all that is read before the POST.
			expect(firstRun).toMatchObject({ customerLookups: 11, posts: 11 });
			expect(firstRun.chargeListPages).toBeLessThanOrEqual(pages[0]);
			expect(reRun).toMatchObject({ chargeListPages: pages[1], posts: 10 });
			expect(reRun.customerLookups).toBeLessThanOrEqual(ITEMS);
			expect(finishedReRun).toMatchObject({
				chargeListPages: pages[2],
				customerLookups: customers,
				posts: 0,
			});
			if (customers === ITEMS && otherCharges === 0)
				expect(finishedReRun.perItem).toBeLessThanOrEqual(1.1);
			for (const run of [firstRun, reRun, finishedReRun])
				expect(run.perItem).toBeLessThanOrEqual(3);
		},
	);
});
