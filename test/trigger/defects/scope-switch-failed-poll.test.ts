/**
 * Issue 29 defect 2, contract §9 "Switching scope": after a change that starts afresh (One Project ↔ All
 * Projects), the first successful poll is silent; a failed first poll changes nothing of that. On n8n's
 * default saving (LegacySavedTrigger) a failed poll is not saved but the workflow object keeps what it
 * changed in memory, so a failed first poll must not turn the next one into an activation (Start From again).
 */
import type { INodeParameters } from 'n8n-workflow';

import { LegacySavedTrigger } from '../../harness/n8n-saving';
import { byId, useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

function triggerFrom(scope: 'one' | 'all') {
	const now = Math.floor(Date.now() / 1000);
	env.sim.setNow(now);
	const since = addRecords(env, 'newReview', 3);
	const trigger = new LegacySavedTrigger({
		parameters: {
			event: 'newReview',
			authentication: 'agencyKey',
			projectScope: scope,
			projectId: byId(env.sim.defaultProject().id),
			requestOptions: { maxRetries: 0 },
			options: { startFrom: new Date((now - 3_600) * 1000).toISOString() },
		},
		credentials: env.agencyCredentials(),
	});
	return { trigger, since };
}

const parametersOf = (trigger: LegacySavedTrigger): INodeParameters =>
	trigger.poller.workflow.getNode('Trigger Under Test')!.parameters;

describe.each([
	['One Project → All Projects', 'one', 'all'],
	['All Projects → One Project', 'all', 'one'],
] as const)('%s, the first poll after the switch fails', (_name, from, to) => {
	it('the next successful poll is silent (no Start From again); later reviews fire once', async () => {
		const { trigger, since } = triggerFrom(from);
		expect(idsOf(await trigger.activate())).toEqual(since);
		expect(idsOf(await trigger.poll())).toEqual([]);

		// The editor keeps the Project picked before, shown again under One Project.
		Object.assign(parametersOf(trigger), {
			projectScope: to,
			projectId: byId(env.sim.defaultProject().id),
		});
		// Every request of that poll fails (the service is down for it).
		env.sim.injectFault({ fault: { kind: 'status', status: 503 }, path: '*', times: 5 });
		await expect(trigger.poll()).rejects.toThrow();
		env.sim.clearFaults();

		expect(idsOf(await trigger.poll())).toEqual([]);
		const later = addRecords(env, 'newReview', 2);
		expect(idsOf(await trigger.poll())).toEqual(later);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});
});
