/**
 * Contract §7: filters apply when the record's moment happens. A record that starts matching later does
 * not fire for a moment already passed; a record whose moment was before activation never fires; a
 * filter edit fires nothing old.
 */
import { useSimulator } from '../harness/simulator-env';
import { addRecords, idsOf, pollerFor } from '../harness/trigger-pollers';

const env = useSimulator();

describe('filters apply when the moment happens', () => {
	it('a review hidden as a duplicate at activation does not fire when un-flagged', async () => {
		const project = env.sim.defaultProject();
		const duplicate = project.reviews.items.find((review) => review.is_duplicate)!;
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		duplicate.is_duplicate = false;
		expect(await poller.poll()).toBeNull();
	});

	// Records listed late fire (contract §11, the first look keeps the newest ids one by one): every review
	// flagged duplicate among them is handled too, not only the newest (soak seed 100335).
	it('two reviews flagged duplicate among the newest at activation: the older, un-flagged, does not fire', async () => {
		const project = env.sim.defaultProject();
		const older = env.sim.addReview(project.id, { score: 4, is_duplicate: true });
		env.sim.addReviews(project.id, 3, { score: 4 });
		env.sim.addReview(project.id, { score: 4, is_duplicate: true });
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		project.reviews.get(older.id)!.is_duplicate = false;
		expect(await poller.poll()).toBeNull();
		const fresh = env.sim.addReview(project.id, { score: 4 });
		expect(idsOf(await poller.poll())).toEqual([fresh.id]);
	});

	// The review list leaves duplicates out (spec 4.3): un-flagged, the reply shows for the first time, like a
	// moment reported late; before activation it fires only inside the Late Event Window (contract §10, Q6).
	it('reviewReplied: a review replied and flagged duplicate before activation does not fire when un-flagged (outside the window)', async () => {
		const project = env.sim.defaultProject();
		const duplicate = project.reviews.items.find((review) => review.is_duplicate)!;
		duplicate.replied_at = env.sim.now() - 3 * 86_400;
		project.reviews.touched('replied_at');
		const poller = pollerFor(env, 'newReview');
		poller.workflow.getNode('Trigger Under Test')!.parameters.event = 'reviewReplied';
		await poller.poll();
		duplicate.is_duplicate = false;
		expect(await poller.poll()).toBeNull();
	});

	// The review list leaves duplicates out (spec 4.3): a review created after activation as a duplicate is
	// first seen when un-flagged, and fires then, once (it appeared after activation).
	it('a review created as a duplicate after activation fires once when un-flagged later', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		const duplicate = env.sim.addReview(project.id, { score: 3, is_duplicate: true });
		expect(await poller.poll()).toBeNull();
		project.reviews.get(duplicate.id)!.is_duplicate = false;
		expect(idsOf(await poller.poll())).toEqual([duplicate.id]);
		project.reviews.get(duplicate.id)!.is_duplicate = true;
		expect(await poller.poll()).toBeNull();
		project.reviews.get(duplicate.id)!.is_duplicate = false;
		expect(await poller.poll()).toBeNull();
	});

	it('a review that appeared untagged does not fire when it is tagged later (no newer matching review needed)', async () => {
		const project = env.sim.defaultProject();
		const tag = project.tags.find((t) => t.slug === 'follow-up')!;
		const poller = pollerFor(env, 'newReview', { filters: { tag: 'follow-up' } });
		await poller.poll();
		const [untagged] = addRecords(env, 'newReview', 1);
		expect(await poller.poll()).toBeNull();
		project.reviews.get(untagged)!.tag_ids.push(tag.id);
		expect(await poller.poll()).toBeNull();
		const tagged = env.sim.addReview(project.id, { score: 5, tag_slugs: ['follow-up'] });
		expect(idsOf(await poller.poll())).toEqual([tagged.id]);
	});

	it('editing the filters fires none of the records that appeared under the old filters', async () => {
		const poller = pollerFor(env, 'newReview', { filters: { score: '1' } });
		await poller.poll();
		addRecords(env, 'newReview', 5, { score: 4 });
		expect(await poller.poll()).toBeNull();
		poller.workflow.getNode('Trigger Under Test')!.parameters.filters = {};
		expect(await poller.poll()).toBeNull();
		const later = addRecords(env, 'newReview', 2, { score: 4 });
		expect(idsOf(await poller.poll())).toEqual(later);
	});

	it('newMessage: a message that matches the template only after a change does not fire', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newMessage', { filters: { channel: 'sms' } });
		await poller.poll();
		const email = env.sim.addMessage(project.id, { channel: 'email' });
		expect(await poller.poll()).toBeNull();
		project.messages.get(email.id)!.channel = 'sms';
		expect(await poller.poll()).toBeNull();
	});
});

describe('customer events: the tag filter is asked of the service (the list shows no tags)', () => {
	it('a customer who appeared untagged does not fire when tagged later; one who appears tagged fires; idle stays one request', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview', {});
		const node = poller.workflow.getNode('Trigger Under Test')!;
		node.parameters.event = 'newCustomer';
		node.parameters.filters = { tag: 'vip' };
		await poller.poll();
		const plain = env.sim.addCustomer(project.id, { email: 'plain@example.com' });
		expect(await poller.poll()).toBeNull();
		const vip = project.tags.find((tag) => tag.slug === 'vip')!;
		const tagged = await fetch(`${env.sim.baseUrl}/project/customers/${plain.id}/tags`, {
			method: 'PUT',
			headers: { Authorization: `Bearer ${project.key}`, 'content-type': 'application/json' },
			body: JSON.stringify({ tag_slugs: [vip.slug] }),
		});
		expect(tagged.status).toBe(200);
		expect(await poller.poll()).toBeNull();
		const born = env.sim.addCustomer(project.id, { email: 'born@example.com', tag_slugs: ['vip'] });
		expect(idsOf(await poller.poll())).toEqual([born.id]);
		const before = env.requests('GET', '/project/customers').length;
		expect(await poller.poll()).toBeNull();
		expect(env.requests('GET', '/project/customers').length - before).toBe(1);
	});

	it('customerUnsubscribed: only customers carrying the tag when they unsubscribe fire', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview', {});
		const node = poller.workflow.getNode('Trigger Under Test')!;
		node.parameters.event = 'customerUnsubscribed';
		node.parameters.filters = { tag: 'vip' };
		await poller.poll();
		const vip = env.sim.addCustomer(project.id, { email: 'v@example.com', tag_slugs: ['vip'] });
		const plain = env.sim.addCustomer(project.id, { email: 'p@example.com' });
		for (const customer of [vip, plain]) {
			const answer = await fetch(
				`${env.sim.baseUrl}/project/customers/${customer.id}/unsubscribe`,
				{
					method: 'PUT',
					headers: { Authorization: `Bearer ${project.key}` },
				},
			);
			expect(answer.status).toBe(200);
		}
		expect(idsOf(await poller.poll())).toEqual([vip.id]);
	});

	it('only tagged customers fire; editing the tag fires no customer found before', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview', {});
		const node = poller.workflow.getNode('Trigger Under Test')!;
		node.parameters.event = 'newCustomer';
		node.parameters.filters = { tag: 'vip' };
		await poller.poll();
		const vip = env.sim.addCustomer(project.id, { email: 'vip@example.com', tag_slugs: ['vip'] });
		env.sim.addCustomer(project.id, { email: 'plain@example.com' });
		expect(idsOf(await poller.poll())).toEqual([vip.id]);
		const lists = env
			.requests('GET', '/project/customers')
			.filter((r) => r.path === '/project/customers');
		expect(lists.at(-1)!.query).toMatchObject({ tag: 'vip', sort_key: 'id' });
		// The tag question checked on one customer it named, read on its own (contract §10).
		expect(env.requests('GET', `/project/customers/${vip.id}`)).toHaveLength(1);

		env.sim.addCustomer(project.id, { email: 'other@example.com', tag_slugs: ['wholesale'] });
		expect(await poller.poll()).toBeNull();
		node.parameters.filters = { tag: 'wholesale' };
		expect(await poller.poll()).toBeNull();
		const later = env.sim.addCustomer(project.id, {
			email: 'later@example.com',
			tag_slugs: ['wholesale'],
		});
		expect(idsOf(await poller.poll())).toEqual([later.id]);
	});
});
