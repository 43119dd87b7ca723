/**
 * Contract §8 "Starting afresh", §9 "Switching scope": All Projects → One Project → All Projects on n8n's
 * default saving. The switch back starts afresh (silent first poll): the All Projects state from before
 * is never resumed, whether the One Project poll in between was silent (not saved), emitted (saved) or
 * failed, and whether n8n hands the next poll the workflow's static data as it kept it in memory or as
 * it saved it (an active workflow saved in the editor is activated anew from the database). Reviews that
 * exist at the second switch never fire; reviews created after it fire once.
 */
import type { INodeParameters } from 'n8n-workflow';

import { LegacySavedTrigger } from '../../harness/n8n-saving';
import { byId, useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

const parameters = (scope: 'one' | 'all'): INodeParameters => ({
	event: 'newReview',
	authentication: 'agencyKey',
	projectScope: scope,
	projectId: byId(env.sim.defaultProject().id),
	requestOptions: { maxRetries: 0 },
});

/** How n8n hands the first poll after the user switched the scope and saved the active workflow. */
type Switching = (trigger: LegacySavedTrigger, scope: 'one' | 'all') => LegacySavedTrigger;

/** The workflow object kept in memory (as the reference model runs it): its parameters change. */
const inMemory: Switching = (trigger, scope) => {
	Object.assign(
		trigger.poller.workflow.getNode('Trigger Under Test')!.parameters,
		parameters(scope),
	);
	return trigger;
};

/** Activated anew from what n8n saved, in the same process (same workflow id). */
const reactivated: Switching = (trigger, scope) => {
	const again = new LegacySavedTrigger({
		parameters: parameters(scope),
		credentials: env.agencyCredentials(),
		workflowId: trigger.poller.workflow.id,
		workflowStaticData: trigger.saved,
	});
	again.saved = trigger.saved;
	return again;
};

/** The first poll after switching: an activation (saved whatever it returns) when activated anew. */
const firstPoll = (trigger: LegacySavedTrigger, switching: Switching) =>
	switching === reactivated ? trigger.activate() : trigger.poll();

describe.each([
	['kept in memory', inMemory],
	['activated anew from what was saved', reactivated],
] as const)('All → One → All Projects, static data %s', (_name, switching) => {
	it.each([
		['a silent', 'silent'],
		['an emitting', 'emitting'],
		['a failed', 'failed'],
	] as const)(
		'One Project ran %s poll: the switch back is silent, later reviews fire once',
		async (_label, onePoll) => {
			env.sim.setNow(Math.floor(Date.now() / 1000));
			let trigger = new LegacySavedTrigger({
				parameters: parameters('all'),
				credentials: env.agencyCredentials(),
			});
			expect(idsOf(await trigger.activate())).toEqual([]);
			const first = addRecords(env, 'newReview', 2);
			expect(idsOf(await trigger.poll())).toEqual(first);
			expect(idsOf(await trigger.poll())).toEqual([]);

			trigger = switching(trigger, 'one');
			if (onePoll === 'failed') {
				// The service is down for the first One Project poll.
				env.sim.injectFault({ fault: { kind: 'status', status: 503 }, path: '*', times: 5 });
				await expect(firstPoll(trigger, switching)).rejects.toThrow();
				env.sim.clearFaults();
			} else {
				expect(idsOf(await firstPoll(trigger, switching))).toEqual([]);
				if (onePoll === 'emitting') {
					const one = addRecords(env, 'newReview', 1);
					expect(idsOf(await trigger.poll())).toEqual(one);
				}
			}

			// Reviews that exist when the user switches back.
			addRecords(env, 'newReview', 2);
			trigger = switching(trigger, 'all');
			expect(idsOf(await firstPoll(trigger, switching))).toEqual([]);
			expect(idsOf(await trigger.poll())).toEqual([]);
			const later = addRecords(env, 'newReview', 2);
			expect(idsOf(await trigger.poll())).toEqual(later);
			expect(idsOf(await trigger.poll())).toEqual([]);
		},
	);
});
