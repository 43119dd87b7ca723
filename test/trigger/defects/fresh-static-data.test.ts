/**
 * Issue 29 defect 1, contract §9 "Activation": empty static data is an activation, whatever this process
 * remembers of an earlier activation of the same workflow id and node name (re-import, node renamed back,
 * static data cleared). Its first poll is silent; it never resumes the old cursor (firing what happened
 * while the workflow was inactive, or skipping what the old floor covers).
 */
import { DurableCursorTrigger } from '../../harness/n8n-saving';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf, pollerFor } from '../../harness/trigger-pollers';

const env = useSimulator();

describe.each(['newReview', 'newMessage'] as const)(
	'%s: a new activation with empty static data',
	(event) => {
		it('is silent: what happened while inactive does not fire; what follows fires once', async () => {
			const poller = pollerFor(env, event);
			await poller.poll();
			const before = addRecords(env, event, 3);
			expect(idsOf(await poller.poll())).toEqual(before);

			// Deactivated; reviews arrive meanwhile; activated again with its static data cleared
			// (same workflow id and node name, same process).
			addRecords(env, event, 4);
			poller.workflow.overrideStaticData({});
			expect(idsOf(await poller.poll())).toEqual([]);
			const after = addRecords(env, event, 2);
			expect(idsOf(await poller.poll())).toEqual(after);
			expect(await poller.poll()).toBeNull();
		});
	},
);

describe('newReview with Start From: a new activation with empty static data', () => {
	it('delivers the reviews since Start From again (the old floor does not cover them)', async () => {
		const now = Math.floor(Date.now() / 1000);
		const since = addRecords(env, 'newReview', 3);
		const poller = pollerFor(env, 'newReview', {
			options: { startFrom: new Date((now - 3_600) * 1000).toISOString() },
		});
		expect(idsOf(await poller.poll())).toEqual(since);
		const more = addRecords(env, 'newReview', 2);
		expect(idsOf(await poller.poll())).toEqual(more);

		poller.workflow.overrideStaticData({});
		expect(idsOf(await poller.poll())).toEqual([...since, ...more]);
		expect(idsOf(await poller.poll())).toEqual([]);
	});
});

describe("newReview on n8n's durable poll cursors: the committed cursor is cleared (a new activation)", () => {
	it('the next poll is silent; what follows fires once', async () => {
		const trigger = new DurableCursorTrigger({
			parameters: { event: 'newReview' },
			credentials: env.projectCredentials(),
		});
		await trigger.poll();
		const before = addRecords(env, 'newReview', 3);
		expect(idsOf(await trigger.poll())).toEqual(before);
		addRecords(env, 'newReview', 4);
		trigger.committed = {};
		expect(idsOf(await trigger.poll())).toEqual([]);
		const after = addRecords(env, 'newReview', 2);
		expect(idsOf(await trigger.poll())).toEqual(after);
	});
});
