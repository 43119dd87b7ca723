/**
 * n8n's own delivery: a poll may be started again while one is still running (a slow poll overlapping
 * the next scheduled one, a leadership change). Two polls of one active trigger never emit a record twice.
 */
import { useSimulator } from '../harness/simulator-env';
import { addRecords, idsOf, pollerFor } from '../harness/trigger-pollers';

const env = useSimulator();

describe('a poll run twice at once', () => {
	it.each(['newReview', 'newMessage'] as const)(
		'%s: the overlapping polls emit each new record once',
		async (event) => {
			const poller = pollerFor(env, event, {}, false);
			await poller.poll();
			const fresh = addRecords(env, event, 130);
			const [one, two] = await Promise.all([poller.poll(), poller.poll()]);
			expect([...idsOf(one), ...idsOf(two)].sort((a, b) => a - b)).toEqual(fresh);
			expect(await poller.poll()).toBeNull();
		},
	);
});
