/**
 * Review Collection Trigger in n8n's engine (one Workflow polled repeatedly through PollContext, static
 * data JSON round-tripped) against the simulator: exactly once, oldest first, for both events.
 */
import type { IDataObject } from 'n8n-workflow';

import { cursorFromJson } from '../../nodes/ReviewCollectionTrigger/state/cursor-json';
import { bearerOf, useSimulator } from '../harness/simulator-env';
import type { Event } from '../harness/trigger-pollers';
import {
	addRecords,
	idsOf,
	maxId,
	newestId,
	pathOf,
	pollCounting,
	pollerFor,
	range,
} from '../harness/trigger-pollers';

const env = useSimulator();

describe.each<Event>(['newReview', 'newMessage'])('%s: exactly once', (event) => {
	it('the first poll records where the list stands with one request and emits nothing', async () => {
		const poller = pollerFor(env, event);
		const before = newestId(env, event);

		const { ids, requests } = await pollCounting(env, poller, event);

		expect(ids).toEqual([]);
		// New Review: one more, for the newest review flagged duplicate (listed under its own facet as
		// the spec words it): un-flagged later, it did not appear after activation (issue 29 defect 10).
		expect(requests).toBe(event === 'newReview' ? 2 : 1);
		const [request] = env.requests('GET', pathOf(event));
		expect(request.query).toMatchObject({
			page: '1',
			per_page: '100',
			sort_dir: 'desc',
		});
		expect(request.query.sort_key).toBe(event === 'newReview' ? 'id' : 'created_at');
		expect(bearerOf(request)).toBe(env.sim.defaultProject().key);
		expect(
			cursorFromJson((poller.staticData().projects as IDataObject).own, '')!.seen.map(
				([, id]) => id,
			),
		).toContain(before);
		expect(JSON.stringify(poller.staticData())).not.toContain(env.sim.defaultProject().key);
		// Records from before activation never fire.
		expect(await poller.poll()).toBeNull();
	});

	it('emits every record that appears after activation exactly once, oldest first, over many polls', async () => {
		const poller = pollerFor(env, event);
		await poller.poll();
		const added: number[] = [];
		const emitted: number[] = [];
		for (const count of [0, 1, 3, 0, 150, 2, 0, 37, 1, 0]) {
			added.push(...addRecords(env, event, count));
			const ids = idsOf(await poller.poll());
			expect(ids).toEqual([...ids].sort((a, b) => a - b));
			emitted.push(...ids);
		}
		expect(added).toHaveLength(194);
		expect(emitted).toEqual(added);
	});

	it('a burst larger than one page (250) comes out whole in one poll, ascending', async () => {
		const poller = pollerFor(env, event);
		await poller.poll();
		const first = maxId(env, event) + 1;
		addRecords(env, event, 250);

		const { ids, requests } = await pollCounting(env, poller, event);

		expect(ids).toEqual(range(first, 250));
		// Page 1 newest first finds a backlog; it is read oldest first, each page once, each request
		// including the last record already read (so a deletion below cannot hide one): 1 + 3.
		expect(requests).toBe(4);
		expect(
			env
				.requests('GET', pathOf(event))
				.slice(-4)
				.map((r) => r.query.sort_dir),
		).toEqual(['desc', 'asc', 'asc', 'asc']);
		expect(await poller.poll()).toBeNull();
	});

	it('records sharing one second, some before and some after a poll, each fire once', async () => {
		const second = env.sim.now() + 100;
		env.sim.setNow(second);
		try {
			const poller = pollerFor(env, event);
			const early = addRecords(env, event, 1);
			await poller.poll();
			const a = addRecords(env, event, 3);
			expect(idsOf(await poller.poll())).toEqual(a);
			const b = addRecords(env, event, 2);
			expect(idsOf(await poller.poll())).toEqual(b);
			expect(await poller.poll()).toBeNull();
			expect(
				[...early, ...a, ...b].every((id) => {
					const project = env.sim.defaultProject();
					const record = event === 'newReview' ? project.reviews.get(id) : project.messages.get(id);
					return record?.created_at === second;
				}),
			).toBe(true);
		} finally {
			env.sim.setNow(undefined);
		}
	});

	it('manual mode (Fetch Test Event) returns the newest record and leaves the cursor alone', async () => {
		const poller = pollerFor(env, event);
		await poller.poll();
		const stored = JSON.parse(JSON.stringify(poller.staticData())) as unknown;
		const fresh = addRecords(env, event, 3);

		const { ids, requests } = await pollCounting(env, poller, event, 'manual');

		expect(ids).toEqual([fresh[2]]);
		expect(requests).toBe(1);
		expect(poller.staticData()).toEqual(stored);
		// The active workflow still emits all three.
		expect(idsOf(await poller.poll())).toEqual(fresh);
	});

	it('manual mode before any activation does not create a cursor', async () => {
		const poller = pollerFor(env, event);
		const { ids } = await pollCounting(env, poller, event, 'manual');
		expect(ids).toEqual([newestId(env, event)]);
		expect(poller.staticData()).toEqual({});
	});

	it('with the agency key: signs the list with the project key the agency key reads, exactly once', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, event, {}, true);
		await poller.poll();
		const fresh = addRecords(env, event, 4);

		expect(idsOf(await poller.poll())).toEqual(fresh);
		const idle = await pollCounting(env, poller, event);
		expect(idle.output).toBeNull();
		const lists = env.requests('GET', pathOf(event));
		expect(lists.every((r) => bearerOf(r) === project.key)).toBe(true);
		// The key is read once for the active workflow: an idle poll is still one request in all.
		const keyReads = env.requests('GET', `/agency/projects/${project.id}/key`);
		expect(keyReads.length).toBe(1);
		expect(bearerOf(keyReads[0])).toBe(env.sim.agencyKey);
		expect(env.sim.requests.length - lists.length - keyReads.length).toBe(0);
		expect(idle.requests).toBe(1);
	});

	it('with the agency key: a rotated project key fails one poll, then the next reads the new key and delivers', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, event, {}, true);
		await poller.poll();
		const rotated = await fetch(`${env.sim.baseUrl}/agency/projects/${project.id}/key`, {
			method: 'DELETE',
			headers: { Authorization: `Bearer ${env.sim.agencyKey}` },
		});
		expect(rotated.status).toBe(200);
		const fresh = addRecords(env, event, 2);

		await expect(poller.poll()).rejects.toThrow(/401/);
		expect(idsOf(await poller.poll())).toEqual(fresh);
		expect(env.requests('GET', `/agency/projects/${project.id}/key`)).toHaveLength(2);
	});
});

describe('events that only one list has', () => {
	it('newReview: a review imported with a created_at years in the past fires, once', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		const imported = env.sim.addReview(project.id, {
			created_at: '2015-03-01T10:00:00Z',
			score: 2,
		});
		const recent = env.sim.addReview(project.id, { score: 5 });
		const older = env.sim.addReview(project.id, { created_at: 946_684_800, score: 3 });

		const emitted = idsOf(await poller.poll());

		expect(emitted).toEqual([imported.id, recent.id, older.id]);
		expect(await poller.poll()).toBeNull();
	});

	it('newMessage: messages of an ask scheduled in the past fire, once', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newMessage');
		await poller.poll();
		const response = await fetch(`${env.sim.baseUrl}/project/asks`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${project.key}`, 'Content-Type': 'application/json' },
			body: JSON.stringify({
				channels: ['email', 'sms'],
				email: 'past@example.com',
				phone: '+15550100',
				asked_at: '2019-05-01T09:00:00Z',
			}),
		});
		expect(response.status).toBe(200);

		const output = await poller.poll();

		expect(output?.[0].map((item) => item.json.channel)).toEqual(['email', 'sms']);
		expect(
			output?.[0].every((item) => (item.json.scheduled_at as number) < env.sim.now() - 86_400),
		).toBe(true);
		expect(await poller.poll()).toBeNull();
	});
});
