/**
 * The events of contract §7 in n8n's engine against the simulator, each with the guarantees of §4:
 * first poll silent (one request), a moment before activation never fires, every moment after fires
 * once in moment order (ties by id), idle = one request, a failed poll moves nothing, manual mode returns
 * the newest record and moves nothing; a moment set again to a later time fires again.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { ApiSimulator } from '../simulator';
import { createPoller } from '../harness';
import { useSimulator } from '../harness/simulator-env';
import { idsOf } from '../harness/trigger-pollers';
import { LATE_EVENTS } from '../../nodes/ReviewCollectionTrigger/events/events';

const env = useSimulator();

interface Case {
	event: string;
	path: string;
	/** A record that exists (before activation for the first call). */
	make(sim: ApiSimulator): number;
	/** Makes the record's moment happen now (sim clock). */
	happen(sim: ApiSimulator, id: number): Promise<void>;
	/** Undoes it (the moment is null again); undefined when the moment cannot be undone. */
	undo?(sim: ApiSimulator, id: number): Promise<void>;
}

async function api(sim: ApiSimulator, method: string, path: string, body?: unknown) {
	const response = await fetch(`${sim.baseUrl}${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${sim.defaultProject().key}`,
			'Content-Type': 'application/json',
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	expect(response.status).toBe(200);
}

const project = (sim: ApiSimulator) => sim.defaultProject();
const messageCase = (
	event: string,
	field: 'delivered_at' | 'opened_at' | 'clicked_at' | 'failed_at',
): Case => ({
	event,
	path: '/project/messages',
	make: (sim) => sim.addMessage(project(sim).id, { status: 'sent' }).id,
	happen: async (sim, id) => sim.setMessageTime(project(sim).id, id, field, sim.now()),
	undo: async (sim, id) => sim.setMessageTime(project(sim).id, id, field, null),
});

const CASES: Case[] = [
	{
		event: 'reviewReplied',
		path: '/project/reviews',
		make: (sim) => sim.addReview(project(sim).id, { score: 4 }).id,
		happen: async (sim, id) =>
			await api(sim, 'PUT', `/project/reviews/${id}/mark-replied`, { replied: true }),
		undo: async (sim, id) =>
			await api(sim, 'PUT', `/project/reviews/${id}/mark-replied`, { replied: false }),
	},
	messageCase('messageDelivered', 'delivered_at'),
	messageCase('messageOpened', 'opened_at'),
	messageCase('messageClicked', 'clicked_at'),
	messageCase('messageFailed', 'failed_at'),
	{
		event: 'newCustomer',
		path: '/project/customers',
		make: () => 0,
		happen: async () => undefined,
	},
	{
		event: 'customerUnsubscribed',
		path: '/project/customers',
		make: (sim) => sim.addCustomer(project(sim).id, { email: `c${Math.random()}@example.com` }).id,
		happen: async (sim, id) => await api(sim, 'PUT', `/project/customers/${id}/unsubscribe`),
		undo: async (sim, id) => await api(sim, 'PUT', `/project/customers/${id}/resubscribe`),
	},
];

/** newCustomer's moment is the customer's appearance: making one is its moment. */
async function occur(sim: ApiSimulator, c: Case, id?: number): Promise<number> {
	if (c.event === 'newCustomer')
		return sim.addCustomer(project(sim).id, { email: `n${Math.random()}@example.com` }).id;
	const target = id ?? c.make(sim);
	await c.happen(sim, target);
	return target;
}

function pollerOf(event: string, parameters: INodeParameters = {}) {
	return createPoller({
		parameters: { event, requestOptions: { maxRetries: 0 }, ...parameters },
		credentials: env.projectCredentials(),
	});
}

async function counted(
	poller: ReturnType<typeof pollerOf>,
	path: string,
	mode: 'trigger' | 'manual' = 'trigger',
) {
	const before = env.requests('GET', path).length;
	const output = await poller.poll(mode);
	return { ids: idsOf(output), requests: env.requests('GET', path).length - before, output };
}

describe.each(CASES)('$event', (c) => {
	it('first poll silent, earlier moments never fire, later ones fire once in moment order, idle = 1 request', async () => {
		const sim = env.sim;
		const start = sim.now();
		sim.setNow(start);
		try {
			const before = await occur(sim, c);
			const poller = pollerOf(c.event);
			expect(await counted(poller, c.path)).toMatchObject({ ids: [], requests: 1 });
			const request = env.requests('GET', c.path).at(-1)!;
			expect(request.query).toMatchObject({ sort_dir: 'desc', page: '1' });
			if (c.event !== 'newCustomer') {
				// Sorted by the moment, records whose moment has not happened (null) left out (README "Assumptions").
				expect(request.query.sort_key).toBe(request.query.date_key);
				// From 1970, or, with a Late Event Window, from a day below it (issue 32 loss 2: a withdrawal
				// days away does not change the size an idle poll compares).
				const windowDay = new Date((start - 86_400 * 3) * 1000).toISOString().slice(0, 10);
				if ((LATE_EVENTS as readonly string[]).includes(c.event)) {
					expect(request.query.date_from >= windowDay).toBe(true);
					expect(request.query.date_from <= new Date(start * 1000).toISOString().slice(0, 10)).toBe(
						true,
					);
				} else expect(request.query.date_from).toBe('1970-01-01');
			} else expect(request.query.sort_key).toBe('id');
			expect(await counted(poller, c.path)).toMatchObject({ ids: [], requests: 1 });

			// Two in a later second (the larger id first), one in the next: ordered by moment, ties by id.
			sim.setNow(start + 10);
			const a = c.event === 'newCustomer' ? 0 : c.make(sim);
			const b = c.event === 'newCustomer' ? 0 : c.make(sim);
			const second = await occur(sim, c, c.event === 'newCustomer' ? undefined : b);
			const first = await occur(sim, c, c.event === 'newCustomer' ? undefined : a);
			sim.setNow(start + 11);
			const third = await occur(sim, c);
			const expected =
				c.event === 'newCustomer'
					? [second, first, third]
					: [Math.min(first, second), Math.max(first, second), third];

			const burst = await counted(poller, c.path);
			expect(burst.ids).toEqual(expected);
			expect(burst.ids).not.toContain(before);
			expect(await counted(poller, c.path)).toMatchObject({ ids: [], requests: 1 });

			// Manual mode: the newest record, nothing moves.
			const stored = JSON.stringify(poller.staticData());
			const manual = await counted(poller, c.path, 'manual');
			expect(manual.ids).toEqual([third]);
			expect(JSON.stringify(poller.staticData())).toBe(stored);

			// A failed poll moves nothing.
			sim.setNow(start + 12);
			const missed = await occur(sim, c);
			sim.injectFault({
				fault: { kind: 'status', status: 500 },
				path: c.path,
				method: 'GET',
				times: 10,
			});
			await expect(poller.poll()).rejects.toThrow();
			sim.clearFaults();
			expect(JSON.stringify(poller.staticData())).toBe(stored);
			expect(idsOf(await poller.poll())).toEqual([missed]);
			expect(await poller.poll()).toBeNull();

			if (c.undo) {
				// Set to a new time: fires again; undone and set again in the same second: not twice.
				await c.undo(sim, missed);
				sim.setNow(start + 20);
				await c.happen(sim, missed);
				expect(idsOf(await poller.poll())).toEqual([missed]);
				expect(await poller.poll()).toBeNull();
			}
		} finally {
			sim.setNow(undefined);
		}
	});
});
