/** The trigger's Simplify switch (contract §7) in n8n's engine: flat summaries, `project` kept. */
import { createPoller } from '../harness';
import { useSimulator } from '../harness/simulator-env';
import { pollerFor } from '../harness/trigger-pollers';

const env = useSimulator();

describe('trigger: Simplify', () => {
	it('emits a flat summary of each new review: body as text, ISO dates, tags as slugs, no raw fields', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, 'newReview', { simplify: true });
		await poller.poll();
		const review = env.sim.addReview(project.id, {
			score: 2,
			review: 'Cold soup',
			tag_slugs: ['follow-up'],
			created_at: 1_700_000_000,
		});

		const [[item]] = (await poller.poll())!;

		expect(item.json).toMatchObject({
			id: review.id,
			score: 2,
			text: 'Cold soup',
			createdAt: '2023-11-14T22:13:20.000Z',
			tags: ['follow-up'],
		});
		expect(item.json).not.toHaveProperty('review_html');
		expect(item.json).not.toHaveProperty('created_at');
	});

	it('manual mode is simplified too; without Simplify the raw record comes out', async () => {
		const poller = pollerFor(env, 'newMessage', { simplify: true });
		const [[simple]] = (await poller.poll('manual'))!;
		expect(simple.json).not.toHaveProperty('created_at');
		expect(simple.json).toHaveProperty('channel');
		const raw = pollerFor(env, 'newMessage');
		const [[full]] = (await raw.poll('manual'))!;
		expect(full.json).toHaveProperty('created_at');
	});

	it('agency-wide: the simplified item keeps its project', async () => {
		const other = env.sim.createProject('Other client');
		const poller = createPoller({
			parameters: {
				event: 'newCustomer',
				authentication: 'agencyKey',
				projectScope: 'all',
				simplify: true,
			},
			credentials: env.agencyCredentials(),
		});
		await poller.poll();
		const customer = env.sim.addCustomer(other.id, {
			first_name: 'Ada',
			last_name: 'L',
			email: 'ada@example.com',
		});
		const [[item]] = (await poller.poll())!;
		expect(item.json).toMatchObject({
			id: customer.id,
			email: 'ada@example.com',
			project: { id: other.id, name: 'Other client' },
		});
		expect(item.json).not.toHaveProperty('created_at');
	});
});
