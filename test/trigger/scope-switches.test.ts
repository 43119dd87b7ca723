/**
 * Contract §8 "Starting afresh": a switch of scope and every other change that must start afresh (a
 * silent first poll, never resuming an old cursor), and the first poll itself (first look, Start
 * From). Restarts of n8n and package updates: restarts.test.ts.
 */
import { createPoller } from '../harness';
import type { Poller } from '../harness/poller';
import { byId, useSimulator } from '../harness/simulator-env';
import { addRecords, idsOf, pollerFor, slowDown } from '../harness/trigger-pollers';

const env = useSimulator();
const fast = { maxRetries: 0 };

describe('starting afresh (silent first poll), never resuming an old cursor', () => {
	it('One Project → All Projects → One Project', async () => {
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				authentication: 'agencyKey',
				projectScope: 'one',
				projectId: byId(env.sim.defaultProject().id),
				requestOptions: fast,
			},
			credentials: env.agencyCredentials(),
		});
		await poller.poll();
		addRecords(env, 'newReview', 5);
		const node = poller.workflow.getNode('Trigger Under Test')!;
		node.parameters.projectScope = 'all';
		expect(await poller.poll()).toBeNull();
		expect(await poller.poll()).toBeNull();
		node.parameters.projectScope = 'one';
		expect(await poller.poll()).toBeNull();
		const later = addRecords(env, 'newReview', 2);
		expect(idsOf(await poller.poll())).toEqual(later);
	});

	/** A New Review trigger with 4 reviews it has not seen yet is changed: its next poll is silent. */
	async function changeWithUnseenReviews(change: (poller: Poller) => void): Promise<Poller> {
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		addRecords(env, 'newReview', 4);
		change(poller);
		expect(await poller.poll()).toBeNull();
		return poller;
	}

	it("the credential's Base URL changes (same credential)", async () => {
		const poller = await changeWithUnseenReviews((changed) =>
			changed.editCredential('reviewCollectionProjectApi', {
				baseUrl: env.sim.baseUrl.replace('127.0.0.1', 'localhost'),
				apiKey: env.sim.defaultProject().key,
			}),
		);
		const later = addRecords(env, 'newReview', 1);
		expect(idsOf(await poller.poll())).toEqual(later);
	});

	it('the Query Parameters change', async () => {
		await changeWithUnseenReviews((changed) => {
			changed.workflow.getNode('Trigger Under Test')!.parameters.options = {
				queryParameters: { parameter: [{ name: 'location', value: '' }] },
			};
		});
	});

	it('a Query Parameter that changes the order (sort_dir=asc) fails the poll, saying so', async () => {
		const poller = pollerFor(env, 'newReview', {
			options: { queryParameters: { parameter: [{ name: 'sort_dir', value: 'asc' }] } },
		});
		await poller.poll().catch(() => null);
		addRecords(env, 'newReview', 150);
		await expect(poller.poll()).rejects.toThrow(/order/);
	});
});

describe('first look', () => {
	it('covers every record at the newest moment (150 messages in one second)', async () => {
		const project = env.sim.defaultProject();
		const second = env.sim.now() + 100;
		env.sim.addMessages(project.id, 150, { created_at: second });
		const poller = pollerFor(env, 'newMessage');
		expect(await poller.poll()).toBeNull();
		expect(await poller.poll()).toBeNull();
	});
});

describe('Start From', () => {
	it.each(['one', 'all'] as const)(
		'%s: the first poll delivers the records created since then, oldest first; then as usual',
		async (scope) => {
			const project = env.sim.defaultProject();
			const now = Math.floor(Date.now() / 1000);
			env.sim.setNow(now);
			env.sim.addReviews(project.id, 3, { score: 2, created_at: now - 86_400 * 10 });
			const since = addRecords(env, 'newReview', 4);
			const poller = createPoller({
				parameters: {
					event: 'newReview',
					authentication: 'agencyKey',
					projectScope: scope,
					projectId: byId(project.id),
					requestOptions: fast,
					options: { startFrom: new Date((now - 86_400) * 1000).toISOString() },
				},
				credentials: env.agencyCredentials(),
			});
			expect(idsOf(await poller.poll())).toEqual(since);
			expect(await poller.poll()).toBeNull();
			const later = addRecords(env, 'newReview', 2);
			expect(idsOf(await poller.poll())).toEqual(later);
			env.sim.setNow(undefined);
		},
	);

	it('a change of scope later starts silently, Start From or not', async () => {
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const since = addRecords(env, 'newReview', 3);
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				options: { startFrom: new Date((now - 3_600) * 1000).toISOString() },
			},
			credentials: env.projectCredentials(),
		});
		expect(idsOf(await poller.poll())).toEqual(since);
		const node = poller.workflow.getNode('Trigger Under Test')!;
		node.parameters.options = {
			...(node.parameters.options as object),
			queryParameters: { parameter: [{ name: 'location', value: '' }] },
		};
		expect(await poller.poll()).toBeNull();
		env.sim.setNow(undefined);
	});

	it('a backlog since then comes out over several polls within a small budget, each record once', async () => {
		const project = env.sim.defaultProject();
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		env.sim.addReviews(project.id, 500, { score: 2, created_at: now - 86_400 * 10 });
		const since = addRecords(env, 'newReview', 700);
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				options: { startFrom: new Date((now - 3_600) * 1000).toISOString() },
			},
			credentials: env.projectCredentials(),
			budgetMs: 300,
		});
		slowDown(env, '/project/reviews', 60);
		const emitted: number[] = [];
		let polls = 0;
		for (; polls < 40 && emitted.length < since.length; polls++)
			emitted.push(...idsOf(await poller.poll()));
		expect(polls).toBeGreaterThan(1);
		expect(emitted).toEqual(since);
		env.sim.setNow(undefined);
	});
});
