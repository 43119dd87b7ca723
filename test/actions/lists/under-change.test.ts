/**
 * Issue 30, defect 1 and contract §9 "Lists that change while read", through the engine against the
 * simulator: Return All (Get Many, a customer sub-list) and the charge lookup of Skip If Already
 * Recorded, while someone else adds or removes a record between two page reads; and Return All
 * reading pages in parallel (Request Options → Concurrency). Every record that exists throughout the
 * read comes once, in the list's order; the change never fails the run.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { pagesToRead } from '../../../nodes/ReviewCollection/transport/list-reader';
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

describe('Return All while the list shrinks by a page or more during the read (issue 42)', () => {
	beforeEach(() => env.sim.addReviews(env.sim.defaultProject().id, 350, { score: 4 }));

	const getAll = (concurrency = 1) => ({
		resource: 'review',
		operation: 'getAll',
		returnAll: true,
		requestOptions: { concurrency },
	});

	it.each([
		['120 of page 1, before page 2', 2, (ids: number[]) => ids.slice(0, 120), 1],
		['150 of the last pages, before page 2', 2, (ids: number[]) => ids.slice(-150), 1],
		['250 of pages 1 to 3, before page 3', 3, (ids: number[]) => ids.slice(0, 250), 1],
		[
			'the 220 newest, before page 2, reading 4 pages at once',
			2,
			(ids: number[]) => ids.slice(0, 220),
			4,
		],
	])(
		'%s deleted: no failure, every review that stayed once and in order',
		async (_what, before, pick, concurrency) => {
			const all = await idsNow('/project/reviews');
			const removed = pick(all);
			env.sim.changeListBefore({
				path: '/project/reviews',
				before,
				change: () => removed.forEach((id) => env.sim.removeRecord('review', id)),
			});

			const { items, error } = await env.run(getAll(concurrency));

			expect(error).toBeUndefined();
			expectThroughout(idsOf(items), all, removed, []);
		},
	);
});

describe('Return All reads up to Request Options → Concurrency pages at once', () => {
	beforeEach(() => env.sim.addReviews(env.sim.defaultProject().id, 1000, { score: 4 }));

	/** From now on every GET of the reviews waits 20 ms; returns the most pages that were in flight at once. */
	function slowPages(): () => number {
		env.sim.clearLog();
		env.sim.injectFault({
			method: 'GET',
			path: '/project/reviews',
			fault: { kind: 'hang', ms: 20 },
			times: 1000,
		});
		let answered = 0;
		let most = 0;
		env.sim.answering = (request) => {
			if (request.path !== '/project/reviews') return;
			most = Math.max(most, env.requests('GET', '/project/reviews').length - answered);
			answered++;
		};
		return () => most;
	}
	const getAll = (concurrency: number, more = {}) => ({
		resource: 'review',
		operation: 'getAll',
		returnAll: true,
		requestOptions: { concurrency },
		...more,
	});

	it('Concurrency 4: the same records in the same order, pages overlapping in time, no page more', async () => {
		const before = await idsNow('/project/reviews');
		const inFlight = slowPages();

		const { items, error } = await env.run(getAll(4));

		expect(error).toBeUndefined();
		expect(idsOf(items)).toEqual(before);
		expect(env.requests('GET', '/project/reviews')).toHaveLength(pagesToRead(before.length, 100));
		expect(inFlight()).toBeGreaterThan(1);
		expect(inFlight()).toBeLessThanOrEqual(4);
	});

	it('Concurrency 4 while reviews are added and deleted during the read: every review that stayed, once, in order', async () => {
		const before = await idsNow('/project/reviews');
		slowPages();
		const removed = [before[150], before[420], before[421], before[700]];
		const added: number[] = [];
		const project = env.sim.defaultProject().id;
		env.sim.changeListBefore({
			path: '/project/reviews',
			before: 3,
			change: () => {
				env.sim.removeRecord('review', removed[0]);
				added.push(env.sim.addReview(project, { score: 2 }).id);
			},
		});
		env.sim.changeListBefore({
			path: '/project/reviews',
			before: 6,
			change: () => {
				removed.slice(1).forEach((id) => env.sim.removeRecord('review', id));
				added.push(env.sim.addReview(project, { score: 1, created_at: 1_000 }).id);
			},
		});

		const { items, error } = await env.run(getAll(4));

		expect(error).toBeUndefined();
		expectThroughout(idsOf(items), before, removed, added);
	});

	it('Limit 250 at Concurrency 8: the first 250 in order, and no page beyond what 250 need', async () => {
		const before = await idsNow('/project/reviews');
		slowPages();

		const { items, error } = await env.run(getAll(8, { returnAll: false, limit: 250 }));

		expect(error).toBeUndefined();
		expect(idsOf(items)).toEqual(before.slice(0, 250));
		expect(env.requests('GET', '/project/reviews')).toHaveLength(pagesToRead(250, 100));
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
