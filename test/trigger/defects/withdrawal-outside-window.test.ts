/**
 * Issue 32 loss 2, contract §8 "Late-reported moments" and §9 "Late Event Window, any number": a late
 * moment inside the window fires once. A withdrawal (un-replied, deleted) far outside the window must not
 * cancel it: §9 accepts a cancel-out only for a withdrawal inside the same busy window. And §8: nothing a
 * poll learned (here: an idle poll after the withdrawal) may be lost to a restart on n8n's default saving.
 */
import { LegacySavedTrigger } from '../../harness/n8n-saving';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';
import { api } from './support';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

/** Marks the review replied (or not) at the simulator's second `at`. */
async function markReplied(id: number, replied: boolean, at?: number) {
	if (at !== undefined) env.sim.setNow(at);
	await api(env, 'PUT', `/project/reviews/${id}/mark-replied`, { replied });
}

type Withdrawal = 'none' | 'un-replied' | 'deleted' | 'un-replied, an idle poll, a restart';

describe.each<Withdrawal>(['none', 'un-replied', 'deleted', 'un-replied, an idle poll, a restart'])(
	'reviewReplied, window 3 min; a review replied 5 days before activation: %s',
	(withdrawal) => {
		it('a reply reported late, 170 s before the newest, fires once', async () => {
			const now = Math.floor(Date.now() / 1000);
			const [old, late, ...busy] = addRecords(env, 'newReview', 114);
			await markReplied(old, true, now - 5 * 86_400);
			const trigger = new LegacySavedTrigger({
				parameters: { event: 'reviewReplied', options: { lateEventWindow: 3 } },
				credentials: env.projectCredentials(),
			});
			env.sim.setNow(now);
			expect(idsOf(await trigger.activate())).toEqual([]);

			// 112 replies within 5 s.
			for (const [index, id] of busy.entries()) await markReplied(id, true, now + 10 + (index % 5));
			expect(idsOf(await trigger.poll()).sort((a, b) => a - b)).toEqual(busy);

			if (withdrawal === 'un-replied, an idle poll, a restart') {
				// An idle poll learns the withdrawal; n8n restarts before any poll emitted (not saved).
				await markReplied(old, false, now + 20);
				expect(idsOf(await trigger.poll())).toEqual([]);
				trigger.restart();
				await markReplied(late, true, now + 14 - 170);
			} else {
				await markReplied(late, true, now + 14 - 170);
				if (withdrawal === 'deleted') await api(env, 'DELETE', `/project/reviews/${old}`);
				if (withdrawal === 'un-replied') await markReplied(old, false, now + 20);
			}
			const emitted: number[] = [];
			for (let poll = 0; poll < 3; poll++) emitted.push(...idsOf(await trigger.poll()));
			expect(emitted).toEqual([late]);
		});
	},
);
