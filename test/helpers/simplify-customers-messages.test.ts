/**
 * Simplify (contract §7) on customers and messages, through WorkflowExecute against the simulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, useSimulator } from '../harness/simulator-env';

const env = useSimulator();

const iso = (seconds: number | null) =>
	seconds === null ? null : new Date(seconds * 1000).toISOString();
const project = () => env.sim.defaultProject();

describe('Simplify through the engine: customers and messages', () => {
	it('customer → get: name, contact, location, tag slugs, flags and dates', async () => {
		const alice = project().customers.get(1)!;

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'get',
			customerId: byId(1),
			simplify: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			id: 1,
			name: 'Alice Baker',
			firstName: 'Alice',
			lastName: 'Baker',
			email: 'alice@example.com',
			phone: '+15550100001',
			company: 'Alice Catering',
			notes: alice.notes,
			location: 'Downtown',
			tags: ['vip'],
			isUnsubscribed: false,
			isArchived: false,
			chargesCount: alice.charges_count,
			createdAt: iso(alice.created_at),
			lastAskedAt: iso(alice.last_asked_at),
			lastReviewedAt: iso(alice.last_reviewed_at),
			unsubscribedAt: null,
			archivedAt: null,
			reviewLink: expect.stringContaining(alice.uuid),
			platformUrl: expect.stringContaining(alice.uuid),
		});
	});

	it('customer → getAll: archived Carol reads as archived, with the ISO date of it', async () => {
		const carol = project().customers.get(3)!;

		const { items } = await env.run({
			resource: 'customer',
			operation: 'getAll',
			returnAll: true,
			simplify: true,
			filters: { facet: 'archived' },
		});

		const simplified = items.find((item) => item.json.id === 3)?.json;
		expect(simplified).toMatchObject({
			name: 'Carol Chen',
			isArchived: true,
			archivedAt: iso(carol.archived_at),
		});
		// The list answer has no tags or location (spec 2.5): unknown (null), not "none" ([]).
		expect(simplified).toMatchObject({ tags: null, location: null });
		const bob = items.find((item) => item.json.id === 2);
		expect(bob).toBeUndefined();
	});

	it('customer → getMessages and message → getAll: channel, status, template, dates', async () => {
		env.sim.addMessage(project().id, {
			customer_id: 2,
			channel: 'sms',
			template_slug: 'ask-reminder-email',
			status: 'failed',
		});
		const expected = project()
			.messages.items.filter((m) => m.customer_id === 2)
			.map((m) => ({
				id: m.id,
				channel: m.channel,
				status: m.failed_at !== null ? 'failed' : 'delivered',
				template: project().messageTemplates.find((t) => t.id === m.template_id)?.name ?? null,
				customerId: 2,
				customerName: 'Bob Brown',
				failedReason: m.failed_reason,
				createdAt: iso(m.created_at),
				scheduledAt: iso(m.scheduled_at),
				sentAt: iso(m.sent_at),
				deliveredAt: iso(m.delivered_at),
				openedAt: iso(m.opened_at),
				clickedAt: iso(m.clicked_at),
				failedAt: iso(m.failed_at),
			}));
		expect(expected.map((m) => m.status).sort()).toEqual(['delivered', 'failed']);

		const sub = await env.run({
			resource: 'customer',
			operation: 'getMessages',
			customerId: byId(2),
			returnAll: true,
			simplify: true,
		});
		const all = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
			simplify: true,
		});

		const byId2 = (a: { json: IDataObject }, b: { json: IDataObject }) =>
			Number(a.json.id) - Number(b.json.id);
		expect(sub.items.sort(byId2).map((item) => item.json)).toEqual(
			expected.sort((a, b) => a.id - b.id),
		);
		const bobs = all.items.filter((item) => item.json.customerId === 2);
		expect(bobs.sort(byId2).map((item) => item.json)).toEqual(expected);
		expect(all.items.length).toBe(project().messages.items.length);
	});
});
