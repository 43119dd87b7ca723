/** A failed poll moves nothing; a deletion during a multi-page walk loses nothing (both events). */
import type { Fault } from '../simulator';
import { useSimulator } from '../harness/simulator-env';
import type { Event } from '../harness/trigger-pollers';
import { addRecords, idsOf, pathOf, pollerFor, requestArrived } from '../harness/trigger-pollers';

const env = useSimulator();
// A timeout well above any answer's time on a loaded machine (a 300 ms one timed out a plain answer
// once in a run of the whole suite in one process, under Stryker), and the hang well past it.
const fast = { requestOptions: { maxRetries: 0, timeout: 1_000 } };

describe.each<Event>(['newReview', 'newMessage'])('%s: failures', (event) => {
	const path = pathOf(event);

	it.each<[string, Fault]>([
		['HTTP 500', { kind: 'status', status: 500 }],
		['a hang past the timeout', { kind: 'hang', ms: 2_500 }],
		['a malformed JSON body', { kind: 'malformed' }],
		['success: false with HTTP 200', { kind: 'successFalse', code: 503 }],
		['a dropped connection', { kind: 'drop' }],
	])('%s moves nothing; the next poll emits what was missed', async (_name, fault) => {
		const poller = pollerFor(env, event, fast);
		await poller.poll();
		const stored = JSON.stringify(poller.staticData());
		const missed = addRecords(env, event, 5);
		env.sim.injectFault({ fault, path, method: 'GET' });

		await expect(poller.poll()).rejects.toThrow();

		expect(JSON.stringify(poller.staticData())).toBe(stored);
		expect(idsOf(await poller.poll())).toEqual(missed);
		expect(await poller.poll()).toBeNull();
	});

	it('a failure on page 2 of a walk moves nothing, though page 1 was read', async () => {
		const poller = pollerFor(env, event, fast);
		await poller.poll();
		const stored = JSON.stringify(poller.staticData());
		const missed = addRecords(env, event, 150);
		env.sim.injectFault({ fault: { kind: 'hang', ms: 0 }, path, method: 'GET' });
		env.sim.injectFault({ fault: { kind: 'status', status: 502 }, path, method: 'GET' });

		await expect(poller.poll()).rejects.toThrow(/502/);

		// Page 1 newest first (a backlog), then the first page oldest first failed.
		expect(
			env
				.requests('GET', path)
				.slice(-2)
				.map((r) => r.query.sort_dir),
		).toEqual(['desc', 'asc']);
		expect(JSON.stringify(poller.staticData())).toBe(stored);
		expect(idsOf(await poller.poll())).toEqual(missed);
	});

	it('a server error that a retry absorbs is invisible: the poll succeeds', async () => {
		const poller = pollerFor(env, event, { requestOptions: { maxRetries: 2 } });
		await poller.poll();
		const fresh = addRecords(env, event, 2);
		env.sim.injectFault({
			fault: { kind: 'status', status: 503, retryAfter: 0 },
			path,
			method: 'GET',
		});
		expect(idsOf(await poller.poll())).toEqual(fresh);
	});

	it('a record deleted while page 2 is in flight does not make a record slip past the walk', async () => {
		const project = env.sim.defaultProject();
		const poller = pollerFor(env, event);
		await poller.poll();
		const fresh = addRecords(env, event, 250);
		// The probe and page 1 (oldest first) answer at once; page 2 is held 300 ms, during which a record
		// of page 1 is deleted through the API. Page 2 is then answered from the shrunken list: the record
		// that was first on page 2 has moved up onto page 1, which was already read.
		env.sim.injectFault({ fault: { kind: 'hang', ms: 0 }, path, method: 'GET', times: 2 });
		env.sim.injectFault({ fault: { kind: 'hang', ms: 300 }, path, method: 'GET' });
		const polling = poller.poll();
		await requestArrived(env, (q) => q.page === '2' && q.sort_dir === 'asc', path);
		const victim = fresh[10];
		const deleted = await fetch(`${env.sim.baseUrl}${path}/${victim}`, {
			method: 'DELETE',
			headers: { Authorization: `Bearer ${project.key}` },
		});
		expect(deleted.status).toBe(200);

		const emitted = idsOf(await polling);

		// Everything that existed when the walk began is emitted once, the deleted one too (it was read
		// before it was deleted), the one that slid onto page 1 included; no page was read twice over.
		expect(emitted).toEqual(fresh);
		expect(await poller.poll()).toBeNull();
	});
});
