/**
 * The list changes between the page reads of one walk (the simulator's `answering` hook runs before a
 * page is answered, so the timing is exact), or pages in a hostile way. Nothing is lost, nothing fires
 * twice, and a list that cannot be read completely fails the poll in bounded requests, moving nothing.
 */
import type { LoggedRequest } from '../simulator';
import { useSimulator } from '../harness/simulator-env';
import { addRecords, idsOf, pollCounting, pollerFor } from '../harness/trigger-pollers';

const env = useSimulator();
const reviews = '/project/reviews';
const isPage = (request: LoggedRequest, page: string) =>
	request.path === reviews && request.query.page === page;

describe('newReview: the list changes during a multi-page walk', () => {
	it('a read review is deleted while an older duplicate re-enters the list: the review that slid onto page 1 still fires', async () => {
		const project = env.sim.defaultProject();
		const duplicate = project.reviews.items.find((review) => review.is_duplicate)!;
		expect(duplicate).toBeDefined();
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		const fresh = addRecords(env, 'newReview', 250);
		let done = false;
		env.sim.answering = (request) => {
			if (done || !isPage(request, '2')) return;
			done = true;
			// Total unchanged: one read review leaves, one old review comes back.
			project.reviews.remove(fresh[200]);
			duplicate.is_duplicate = false;
		};

		const emitted = idsOf(await poller.poll());

		// Deleted before the walk reached it: not delivered; every other one once.
		expect(emitted).toEqual(fresh.filter((id) => id !== fresh[200]));
		expect(await poller.poll()).toBeNull();
	});

	it('reviews added while the walk reads page 2 fire once (this poll or the next), none twice', async () => {
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		const fresh = addRecords(env, 'newReview', 180);
		const late: number[] = [];
		env.sim.answering = (request) => {
			if (isPage(request, '2') && late.length < 30) late.push(...addRecords(env, 'newReview', 15));
		};
		const first = idsOf(await poller.poll());
		env.sim.answering = undefined;
		const second = idsOf(await poller.poll());

		expect([...first, ...second]).toEqual([...fresh, ...late]);
	});
});

describe('paging without bound fails the poll in bounded requests and moves nothing', () => {
	it('a list that ignores `page` (always answers page 1)', async () => {
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		const stored = JSON.stringify(poller.staticData());
		const fresh = addRecords(env, 'newReview', 250);
		env.sim.answering = (request) => {
			if (request.path === reviews) request.query.page = '1';
		};

		const before = env.requests('GET', reviews).length;
		await expect(poller.poll()).rejects.toThrow(/page/);
		expect(env.requests('GET', reviews).length - before).toBeLessThanOrEqual(3);
		expect(JSON.stringify(poller.staticData())).toBe(stored);

		env.sim.answering = undefined;
		expect(idsOf(await poller.poll())).toEqual(fresh);
		expect(await poller.poll()).toBeNull();
	});

	it('a list that grows by more than a page before every page is answered: every poll makes progress, nothing is lost', async () => {
		const poller = pollerFor(env, 'newReview');
		await poller.poll();
		const fresh = addRecords(env, 'newReview', 150);
		let growing = true;
		env.sim.answering = (request) => {
			if (growing && request.path === reviews) fresh.push(...addRecords(env, 'newReview', 150));
		};
		const emitted: number[] = [];
		for (let poll = 0; poll < 3; poll++) {
			const { ids, requests } = await pollCounting(env, poller, 'newReview');
			expect(ids.length).toBeGreaterThan(0);
			// A walk reads up to where the list ended at its first answer: bounded.
			expect(requests).toBeLessThanOrEqual(40);
			emitted.push(...ids);
		}
		growing = false;
		for (let poll = 0; poll < 30 && emitted.length < fresh.length; poll++)
			emitted.push(...idsOf(await poller.poll()));
		expect(emitted).toEqual(fresh);
	});
});
