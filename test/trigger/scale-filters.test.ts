/** Request counts on a long history, and the filters of both events. */
import { NodeOperationError } from 'n8n-workflow';

import { useSimulator } from '../harness/simulator-env';
import {
	addRecords,
	idsOf,
	maxId,
	pollCounting,
	pollerFor,
	range,
} from '../harness/trigger-pollers';

const env = useSimulator();

describe('request counts', () => {
	it('newReview: with 100,000 reviews an idle poll makes one request; a new one costs one too', async () => {
		const project = env.sim.defaultProject();
		env.sim.addReviews(project.id, 100_000);
		const poller = pollerFor(env, 'newReview');
		// The first poll: the list, and the newest review flagged duplicate (issue 29 defect 10).
		expect((await pollCounting(env, poller, 'newReview')).requests).toBe(2);

		for (let i = 0; i < 3; i++) {
			expect(await pollCounting(env, poller, 'newReview')).toMatchObject({ ids: [], requests: 1 });
		}
		const [fresh] = addRecords(env, 'newReview', 1);
		expect(await pollCounting(env, poller, 'newReview')).toMatchObject({
			ids: [fresh],
			requests: 1,
		});
	}, 120_000);

	it('newMessage: with 100,000 messages over ~28 hours an idle poll makes one request', async () => {
		const project = env.sim.defaultProject();
		const start = env.sim.now() - 200_000;
		// 100 messages a second apart... 1,000 batches: a history spread in time as a real one is.
		for (let batch = 0; batch < 1_000; batch++)
			env.sim.addMessages(project.id, 100, { created_at: start + batch * 100 });
		const poller = pollerFor(env, 'newMessage');
		expect((await pollCounting(env, poller, 'newMessage')).requests).toBe(1);

		for (let i = 0; i < 3; i++) {
			expect(await pollCounting(env, poller, 'newMessage')).toMatchObject({ ids: [], requests: 1 });
		}
		const [fresh] = addRecords(env, 'newMessage', 1);
		expect(await pollCounting(env, poller, 'newMessage')).toMatchObject({
			ids: [fresh],
			requests: 1,
		});
	}, 120_000);

	it.each(['newReview', 'newMessage'] as const)(
		'%s: a burst of 10,000 comes out whole, each record read about once (no second pass)',
		async (event) => {
			// The whole burst in one poll (Max Events per Poll's own test: test/trigger/max-events).
			const poller = pollerFor(env, event, { options: { maxEventsPerPoll: 10_000 } });
			await poller.poll();
			const first = maxId(env, event) + 1;
			env.sim.setNow(env.sim.now() + 5); // one second for the whole burst, however slow the machine
			addRecords(env, event, 10_000);

			const { ids, requests } = await pollCounting(env, poller, event);

			expect(ids).toEqual(range(first, 10_000));
			expect(requests).toBeLessThanOrEqual(120);
			// The burst shares one second. Reviews: idle again at once. Messages: the cursor lists the
			// newest second's ids only up to 1,000, so until a message of a later second arrives an idle
			// poll reads from that floor on (oldest first, once), emitting nothing.
			const idle = await pollCounting(env, poller, event);
			expect(idle.ids).toEqual([]);
			expect(idle.requests).toBeLessThanOrEqual(event === 'newReview' ? 1 : 15);
			if (event === 'newMessage') {
				env.sim.setNow(env.sim.now() + 1);
				const [later] = addRecords(env, event, 1);
				expect(await pollCounting(env, poller, event)).toMatchObject({ ids: [later] });
				expect(await pollCounting(env, poller, event)).toMatchObject({ ids: [], requests: 1 });
			}
			env.sim.setNow(undefined);
		},
		120_000,
	);
});

describe('filters', () => {
	it('newReview: source, location, score and tag are tested on each review (the list is read unfiltered), only matching reviews fire, once', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview', {
			filters: { source: 'facebook', location: 'riverside', score: '1', tag: 'follow-up' },
		});
		await poller.poll();
		const match = {
			source_slug: 'facebook',
			location_slug: 'riverside',
			score: 1,
			tag_slugs: ['follow-up'],
		};
		const a = env.sim.addReview(project.id, match);
		env.sim.addReview(project.id, { ...match, score: 2 });
		env.sim.addReview(project.id, { ...match, source_slug: 'google' });
		env.sim.addReview(project.id, { ...match, tag_slugs: [] });
		const b = env.sim.addReview(project.id, { ...match, created_at: '2016-01-01T00:00:00Z' });

		expect(idsOf(await poller.poll())).toEqual([a.id, b.id]);
		expect(await poller.poll()).toBeNull();
		const last = env.requests('GET', '/project/reviews').at(-1)!;
		expect(last.query).toMatchObject({ sort_key: 'id' });
		// No facet: its values are guesses (contract §10); the spec's default list is read.
		expect(last.query).not.toHaveProperty('facet');
		for (const name of ['source', 'location', 'score', 'tag'])
			expect(last.query).not.toHaveProperty(name);
	});

	it('newReview: reviews that existed before activation do not fire when they start matching', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview', { filters: { tag: 'follow-up' } });
		await poller.poll();
		// The first poll read the unfiltered list: an old review tagged later is not new.
		project.reviews.items[0].tag_ids.push(project.tags.find((t) => t.slug === 'follow-up')!.id);
		expect(await poller.poll()).toBeNull();
	});

	it('newMessage: channel and template are tested on each message, only matching messages fire, once', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newMessage', {
			filters: { channel: 'sms', template: 'ask-reminder' },
		});
		await poller.poll();
		const a = env.sim.addMessage(project.id, { channel: 'sms', template_slug: 'ask-reminder-sms' });
		env.sim.addMessage(project.id, { channel: 'email', template_slug: 'ask-reminder-email' });
		env.sim.addMessage(project.id, { channel: 'sms', template_slug: 'ask-initial-sms' });
		const b = env.sim.addMessage(project.id, { channel: 'sms', template_slug: 'ask-reminder-sms' });

		expect(idsOf(await poller.poll())).toEqual([a.id, b.id]);
		expect(await poller.poll()).toBeNull();
		const last = env.requests('GET', '/project/messages').at(-1)!;
		expect(last.query).toMatchObject({ sort_key: 'created_at' });
		expect(last.query).not.toHaveProperty('channel');
		expect(last.query).not.toHaveProperty('template');
	});

	it('manual mode with nothing matching says so, as n8n triggers do', async () => {
		const poller = pollerFor(env, 'newReview', { filters: { tag: 'follow-up' } });
		const error = await poller.poll('manual').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe('No data with the current filter could be found');
		expect(env.requests('GET', '/project/reviews')[0].query).toMatchObject({
			tag: 'follow-up',
			per_page: '10',
		});
	});

	it('changing the event starts afresh: the other list is not read against this cursor', async () => {
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		addRecords(env, 'newMessage', 2);
		poller.workflow.getNode('Trigger Under Test')!.parameters.event = 'newMessage';
		expect(await pollCounting(env, poller, 'newMessage')).toMatchObject({ ids: [], requests: 1 });
		const fresh = addRecords(env, 'newMessage', 1);
		expect(idsOf(await poller.poll())).toEqual(fresh);
	});
});

describe('Options → Query Parameters', () => {
	it('are sent with every list request (contract §6)', async () => {
		const poller = pollerFor(env, 'newReview', {
			options: { queryParameters: { parameter: [{ name: 'order', value: 'newest' }] } },
		});
		await poller.poll();
		const fresh = addRecords(env, 'newReview', 2);
		expect(idsOf(await poller.poll())).toEqual(fresh);
		expect(env.requests('GET', '/project/reviews').length).toBeGreaterThanOrEqual(2);
		for (const request of env.requests('GET', '/project/reviews')) {
			expect(request.query).toMatchObject({ order: 'newest', page: '1' });
		}
	});

	it.each(['sort_dir', 'page', 'facet'])(
		'one the trigger sends itself (%s) is refused before any request, naming it (contract §9)',
		async (name) => {
			const poller = pollerFor(env, 'newReview', {
				options: { queryParameters: { parameter: [{ name, value: 'desc' }] } },
			});
			await expect(poller.poll()).rejects.toThrow(`Query Parameter "${name}"`);
			expect(env.requests('GET', '/project/reviews')).toHaveLength(0);
		},
	);
});
