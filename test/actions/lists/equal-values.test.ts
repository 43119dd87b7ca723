/**
 * Issue 40, defect 1: a service over SQL returns records with equal sort values in another order on
 * every request (the `ties-reordered` dialect, test/simulator/tie-order.ts). Get Many, Return All and
 * Limit still give every record once, in an order the service could have given (equal values in any
 * order), with another user deleting a record during the read too; a group of equal values larger
 * than a page included. And where equal values keep their order: a bulk import of thousands in one
 * second costs no request more than any list (it once failed, counting the reads as whole pages).
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { expectReturnAllPages } from '../../harness/page-plan';
import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();
const idsOf = (items: INodeExecutionData[]) => items.map((item) => item.json.id as number);
const BULK = 1_764_000_000;

/** created_at of each review the list shows (duplicates are not listed), by id. */
const createdAt = () =>
	new Map(
		env.sim
			.defaultProject()
			.reviews.items.filter((r) => !r.is_duplicate)
			.map((r) => [r.id, r.created_at]),
	);

function expectNewestFirst(out: number[]): void {
	const at = createdAt();
	for (let i = 1; i < out.length; i++)
		expect(at.get(out[i - 1])!).toBeGreaterThanOrEqual(at.get(out[i])!);
}

/** Get Many of `resource` with Return All (or a Limit): the ids output, each once, no error. */
async function getAll(resource: string, limit?: number): Promise<number[]> {
	const { items, error } = await env.run({
		resource,
		operation: 'getAll',
		returnAll: limit === undefined,
		...(limit !== undefined && { limit }),
	});
	expect(error).toBeUndefined();
	const out = idsOf(items);
	expect(new Set(out).size).toBe(out.length);
	return out;
}

/** Every review the list shows came once, newest first (equal created_at in any order). */
function expectEveryReview(out: number[]): void {
	expect([...out].sort((a, b) => a - b)).toEqual([...createdAt().keys()]);
	expectNewestFirst(out);
}

function addReviews(spread: number, bulk: number): void {
	const project = env.sim.defaultProject().id;
	// Reviews in seconds of their own, some before and some after one bulk second.
	for (let i = 0; i < spread; i++)
		env.sim.addReview(project, {
			score: 4,
			created_at: BULK - 1_000 + i * (i < spread / 2 ? 1 : 2_000),
		});
	env.sim.addReviews(project, bulk, { score: 5, created_at: BULK });
}

describe('ties-reordered: equal sort values in a fresh order on every request', () => {
	beforeEach(() => env.sim.setDialect('ties-reordered'));

	it('Review Get Many, Return All: 288 reviews of which 120 share one second, each once', async () => {
		addReviews(168, 120);
		expectEveryReview(await getAll('review'));
	});

	it.each([2, 3])(
		'a review deleted before request %i is answered: every other review once',
		async (before) => {
			addReviews(168, 120);
			const all = [...createdAt().keys()];
			const removed = all[10];
			env.sim.changeListBefore({
				path: '/project/reviews',
				before,
				change: () => env.sim.removeRecord('review', removed),
			});
			const out = await getAll('review');
			expect(out.filter((id) => id !== removed).sort((a, b) => a - b)).toEqual(
				all.filter((id) => id !== removed),
			);
			expectNewestFirst(out);
		},
	);

	it('a group of equal values larger than a page: 250 reviews in one second, each once', async () => {
		addReviews(40, 250);
		expectEveryReview(await getAll('review'));
	});

	it('Limit 50: 50 reviews the list could start with', async () => {
		addReviews(168, 120);
		const out = await getAll('review', 50);
		expect(out).toHaveLength(50);
		const at = createdAt();
		// The 50 newest by created_at: the bulk second's (after the spread ones above it).
		const newest = [...at.entries()].sort((a, b) => b[1] - a[1]).slice(0, 50);
		const byTime = (a: number, b: number) => a - b;
		expect(out.map((id) => at.get(id)!).sort(byTime)).toEqual(
			newest.map(([, t]) => t).sort(byTime),
		);
		expectNewestFirst(out);
	});

	it('Customer Get Many, Return All: 230 customers created in one second, each once', async () => {
		const project = env.sim.defaultProject().id;
		const before = env.sim
			.defaultProject()
			.customers.items.filter((c) => c.archived_at === null).length;
		for (let i = 0; i < 230; i++)
			env.sim.addCustomer(project, { email: `bulk${i}@example.com`, signed_up_at: BULK });
		const out = await getAll('customer');
		expect(out.length).toBe(before + 230);
	});

	it('Message Get Many, Return All: 230 messages created in one second, each once', async () => {
		const project = env.sim.defaultProject().id;
		env.sim.addCustomer(project, { email: 'someone@example.com' });
		const before = env.sim.defaultProject().messages.items.length;
		env.sim.addMessages(project, 230);
		const out = await getAll('message');
		expect(out.length).toBe(before + 230);
	});
});

describe('equal values in one order (the guessed service): a bulk import in one second', () => {
	it('5,000 reviews created in one second: each once, in the pages of any list as long', async () => {
		addReviews(4, 5_000);
		env.sim.clearLog();
		expectEveryReview(await getAll('review'));
		expectReturnAllPages(env.requests('GET', '/project/reviews'), createdAt().size);
	});
});
