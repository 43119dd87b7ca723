/**
 * Issue 30, defect 1 and contract §9 "Lists that change while read", through the engine against the
 * simulator: Return All (Get Many, a customer sub-list) and the charge lookup of Skip If Already
 * Recorded, while someone else adds or removes a record between two page reads. Every record that
 * exists throughout the read comes once, in the list's order; the change never fails the run.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { byId, useSimulator } from '../../harness/simulator-env';
import { chargeSync } from '../charge/sync-parameters';

const env = useSimulator();

/** The ids of a list as the service holds it now, read page by page while nothing changes. */
async function idsNow(path: string, query: Record<string, string> = {}): Promise<number[]> {
	const ids: number[] = [];
	for (let page = 1; ; page++) {
		const url = new URL(`${env.sim.baseUrl}${path}`);
		for (const [name, value] of Object.entries({ ...query, page: String(page), per_page: '100' }))
			url.searchParams.set(name, value);
		const answer = (await (
			await fetch(url, { headers: { authorization: `Bearer ${env.sim.defaultProject().key}` } })
		).json()) as { data: Array<{ id: number }>; pagination: { last_page: number } };
		ids.push(...answer.data.map((record) => record.id));
		if (page >= answer.pagination.last_page) return ids;
	}
}

const idsOf = (items: INodeExecutionData[]) => items.map((item) => item.json.id as number);

/** Every id of `before` but `removed`, once, in order; `added` and `removed` ones may or may not appear. */
function expectThroughout(out: number[], before: number[], removed: number[], added: number[]) {
	expect(new Set(out).size).toBe(out.length);
	const changed = [...added, ...removed];
	expect(out.filter((id) => !changed.includes(id))).toEqual(
		before.filter((id) => !removed.includes(id)),
	);
}

describe('Return All over reviews while the list changes between page reads', () => {
	beforeEach(() => env.sim.addReviews(env.sim.defaultProject().id, 250, { score: 4 }));

	const getAll = { resource: 'review', operation: 'getAll', returnAll: true };

	it('a review added before page 2 is answered: no "came twice" failure, every review once', async () => {
		const before = await idsNow('/project/reviews');
		const added: number[] = [];
		env.sim.changeListBefore({
			path: '/project/reviews',
			before: 2,
			change: () => added.push(env.sim.addReview(env.sim.defaultProject().id, { score: 5 }).id),
		});

		const { items, error } = await env.run(getAll);

		expect(error).toBeUndefined();
		expect(added).toHaveLength(1);
		expectThroughout(idsOf(items), before, [], added);
	});

	it('a review of page 1 deleted before page 2 is answered: the review pushed onto page 1 is still output', async () => {
		const before = await idsNow('/project/reviews');
		const removed = [before[10]];
		env.sim.changeListBefore({
			path: '/project/reviews',
			before: 2,
			change: () => env.sim.removeRecord('review', removed[0]),
		});

		const { items, error } = await env.run(getAll);

		expect(error).toBeUndefined();
		expectThroughout(idsOf(items), before, removed, []);
		expect(idsOf(items)).toContain(before[100]);
	});
});

describe('customer → Get Reviews (a sub-list) while the list changes between page reads', () => {
	const email = 'regular@example.com';
	let path = '';
	beforeEach(() => {
		const project = env.sim.defaultProject();
		env.sim.addReviews(project.id, 150, { email, score: 5 });
		const customer = project.customers.items.find((c) => c.email === email);
		path = `/project/customers/${customer!.id}/reviews`;
	});
	const getReviews = () => ({
		resource: 'customer',
		operation: 'getReviews',
		customerId: byId(path.split('/')[3]),
		returnAll: true,
	});

	it('a review of the customer added during the read: no failure, every review once', async () => {
		const before = await idsNow(path);
		const added: number[] = [];
		env.sim.changeListBefore({
			path,
			before: 2,
			change: () =>
				added.push(env.sim.addReview(env.sim.defaultProject().id, { email, score: 3 }).id),
		});

		const { items, error } = await env.run(getReviews());

		expect(error).toBeUndefined();
		expectThroughout(idsOf(items), before, [], added);
	});

	it('a review of page 1 deleted during the read: no review that existed throughout goes missing', async () => {
		const before = await idsNow(path);
		const removed = [before[0]];
		env.sim.changeListBefore({
			path,
			before: 2,
			change: () => env.sim.removeRecord('review', removed[0]),
		});

		const { items, error } = await env.run(getReviews());

		expect(error).toBeUndefined();
		expectThroughout(idsOf(items), before, removed, []);
	});
});

describe('charge → create, Skip If Already Recorded, while others record or delete charges of the day', () => {
	const day = Date.UTC(2026, 10, 20, 10) / 1000;
	/** 150 charges of the day, one a customer; the one item 0 wants is the 101st newest (page 2). */
	beforeEach(() => {
		const project = env.sim.defaultProject();
		for (let i = 0; i < 150; i++)
			env.sim.addCharge(project.id, {
				email: `payer${i}@example.com`,
				amount: 2000 + i,
				currency: 'USD',
				charged_at: day + i,
			});
	});
	const wanted = 49; // charged at day + 49: 100 newer charges come before it
	const input = [
		{
			email: `payer${wanted}@example.com`,
			phone: '',
			amount: 2000 + wanted,
			currency: 'usd',
			paidAt: new Date((day + wanted) * 1000).toISOString(),
		},
	];
	const stored = () =>
		env.sim
			.defaultProject()
			.charges.items.filter(
				(charge) => charge.amount === 2000 + wanted && charge.currency === 'USD',
			);

	it('a charge recorded by someone else during the read: the item is skipped, not failed', async () => {
		env.sim.changeListBefore({
			path: '/project/charges',
			before: 2,
			change: () =>
				env.sim.addCharge(env.sim.defaultProject().id, {
					email: 'walk-in@example.com',
					amount: 999,
					charged_at: day + 3600,
				}),
		});

		const { items, error } = await env.run(chargeSync(), { input });

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/charges')).toHaveLength(0);
		expect(items[0].json).toMatchObject({ skipped: true, id: stored()[0].id });
		expect(stored()).toHaveLength(1);
	});

	it('a newer charge deleted by someone else during the read: the stored charge is found, not recorded twice', async () => {
		const newest = env.sim.defaultProject().charges.items.at(-1)!;
		env.sim.changeListBefore({
			path: '/project/charges',
			before: 2,
			change: () => env.sim.removeRecord('charge', newest.id),
		});

		const { items, error } = await env.run(chargeSync(), { input });

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/charges')).toHaveLength(0);
		expect(stored()).toHaveLength(1);
		expect(items[0].json).toMatchObject({ skipped: true, id: stored()[0].id });
	});
});
