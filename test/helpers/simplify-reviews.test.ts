/**
 * Simplify (contract §7) on the review lists, through WorkflowExecute against the simulator: the flat
 * summary of each review, the full record when off, Limit and filters kept, hostile records.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, useSimulator } from '../harness/simulator-env';

const env = useSimulator();

const iso = (seconds: number | null) =>
	seconds === null ? null : new Date(seconds * 1000).toISOString();
const project = () => env.sim.defaultProject();

/** What Simplify must make of review `id`, read from the simulator's own state (not from the node). */
function expectedReview(id: number): IDataObject {
	const p = project();
	const r = p.reviews.get(id)!;
	const c = p.customers.get(r.customer_id)!;
	return {
		id,
		score: r.score,
		text: r.review,
		reply: r.reply,
		hasReply: r.has_reply,
		canReply: r.can_reply,
		isHidden: r.is_hidden,
		createdAt: iso(r.created_at),
		repliedAt: iso(r.replied_at),
		reviewer: c.name,
		customerId: c.id,
		customerName: c.name,
		customerEmail: null, // a review's customer object carries no email (spec 2.3)
		source: p.sources.find((s) => s.id === r.source_id)?.name ?? null,
		location: p.locations.find((l) => l.id === r.location_id)?.name ?? null,
		tags: r.tag_ids.map((tagId) => p.tags.find((t) => t.id === tagId)!.slug),
		externalUrl: r.external_url,
		platformUrl: expect.stringContaining(r.uuid),
	};
}

describe('Simplify through the engine: reviews', () => {
	it('review → getAll: a flat summary per review; the seeded replied review in full detail', async () => {
		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			simplify: true,
		});

		expect(error).toBeUndefined();
		const carol = items.find((item) => item.json.id === 3)!.json;
		expect(carol).toEqual(expectedReview(3));
		expect(carol).toMatchObject({
			score: 2,
			text: 'My order arrived late.',
			reply: 'Sorry about that, Carol!',
			hasReply: true,
			reviewer: 'Carol Chen',
			source: 'Trustpilot',
			location: 'Downtown',
			tags: ['slow-delivery'],
		});
		expect(carol.repliedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
		for (const item of items) expect(item.json).toEqual(expectedReview(item.json.id as number));
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);

		const full = JSON.stringify(env.sim.toJson('review', 3));
		const flat = JSON.stringify(carol);
		// Reported in the issue note: the size of one review before and after.
		process.stdout.write(
			`[simplify] review 3: ${Buffer.byteLength(full)} bytes raw, ${Buffer.byteLength(flat)} bytes simplified\n`,
		);
		expect(Buffer.byteLength(flat)).toBeLessThan(Buffer.byteLength(full) / 2);
	});

	it('review → getAll without Simplify: the API record unchanged', async () => {
		const { items } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: false,
			limit: 1,
		});

		expect(items[0].json).toEqual(env.sim.toJson('review', items[0].json.id as number));
	});

	it('review → getAll: Simplify keeps the Limit and the filters', async () => {
		env.sim.addReviews(project().id, 30, {
			score: 1,
			tag_slugs: ['slow-delivery'],
			source_slug: 'google',
		});

		const { items } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			simplify: true,
			filters: { score: '1' },
		});

		expect(items).toHaveLength(5);
		expect(items.every((item) => item.json.score === 1 && item.json.source === 'Google')).toBe(
			true,
		);
		expect(items.every((item) => (item.json.tags as string[]).includes('slow-delivery'))).toBe(
			true,
		);
		expect(env.requests('GET')).toHaveLength(1);
	});

	it('customer → getReviews: the customer’s reviews, simplified', async () => {
		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'getReviews',
			customerId: byId(2),
			returnAll: true,
			simplify: true,
		});

		expect(error).toBeUndefined();
		const ids = project()
			.reviews.items.filter((r) => r.customer_id === 2 && !r.is_duplicate)
			.map((r) => r.id);
		expect(items.map((item) => item.json.id).sort()).toEqual(ids.sort());
		for (const item of items) expect(item.json).toEqual(expectedReview(item.json.id as number));
		expect(items.every((item) => item.json.reviewer === 'Bob Brown')).toBe(true);
	});

	it('hostile records (missing objects, wrong types) give null fields, never a raw JavaScript error', async () => {
		const data = [
			{ id: 901 },
			{
				id: 902,
				score: '5',
				review: 7,
				customer: 'Bob',
				reviewer: null,
				location: [1],
				source: { name: 3 },
				tags: 'vip',
				created_at: 'not a date',
				replied_at: {},
			},
			{
				id: 903,
				tags: [null, 5, { slug: 'ok' }, { name: 'no slug' }],
				created_at: 1e20,
				customer: { name: 'Eve', email: 'eve@example.com' },
			},
			// Entries that are not records at all (null, a string) are refused by the transport before
			// Simplify sees them: test/transport/paging-bound.test.ts.
		];
		env.sim.injectFault({
			method: 'GET',
			path: '/project/reviews',
			fault: {
				kind: 'status',
				status: 200,
				body: {
					success: true,
					code: 200,
					data,
					pagination: {
						current_page: 1,
						last_page: 1,
						per_page: 100,
						total: 3,
						from: 1,
						to: 3,
						path: '',
					},
				},
			},
		});

		const { items, error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			simplify: true,
		});

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			id: 901,
			score: null,
			text: null,
			tags: null,
			createdAt: null,
			reviewer: null,
		});
		expect(items[1].json).toMatchObject({
			id: 902,
			score: null,
			text: null,
			customerName: null,
			reviewer: null,
			location: null,
			source: null,
			tags: null,
			createdAt: null,
			repliedAt: null,
		});
		expect(items[2].json).toMatchObject({
			id: 903,
			tags: ['ok'],
			createdAt: null,
			customerName: 'Eve',
			customerEmail: 'eve@example.com',
		});
		for (const item of items) expect(Object.keys(item.json)).toContain('id');
	});
});
