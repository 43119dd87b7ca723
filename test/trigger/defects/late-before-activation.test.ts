/**
 * Contract §7 and §8 (soak seeds 60262, 60434, 60751, 61419, 61787, 61875, 61919): an event whose moment
 * is before activation never fires, except a late moment inside the Late Event Window. Here the newest
 * moment at activation is a day old; after activation, messages (or replies) are reported with a moment
 * 16 hours before activation: outside any window, before activation, they must not fire. What happens
 * after activation, and a moment reported late inside the window of the activation, still fire once.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';
import { api } from './support';

const env = useSimulator();
const HOUR = 3_600;

afterEach(() => env.sim.setNow(undefined));

/** Sets the event's moment of record `id` to `at` (a delivery, or a reply). */
async function record(event: 'messageDelivered' | 'reviewReplied', id: number, at: number) {
	const project = env.sim.defaultProject();
	if (event === 'messageDelivered')
		return env.sim.setMessageTime(project.id, id, 'delivered_at', at);
	env.sim.setNow(at);
	await api(env, 'PUT', `/project/reviews/${id}/mark-replied`, { replied: true });
}

function recordsOf(event: 'messageDelivered' | 'reviewReplied', count: number): number[] {
	if (event === 'reviewReplied') return addRecords(env, 'newReview', count);
	const project = env.sim.defaultProject();
	const start = project.messages.items.at(-1)?.id ?? 0;
	env.sim.addMessages(project.id, count, { created_at: Math.floor(Date.now() / 1000) - 30 * HOUR });
	return project.messages.items.filter((m) => m.id > start).map((m) => m.id);
}

describe.each(['messageDelivered', 'reviewReplied'] as const)(
	'%s, window 10 min, the newest moment at activation a day old',
	(event) => {
		it.each([
			['One Project', {}],
			['All Projects', { authentication: 'agencyKey', projectScope: 'all' }],
		])(
			'%s: moments reported after activation, 16 h before it, do not fire; later ones do',
			async (_scope, scope) => {
				const now = Math.floor(Date.now() / 1000);
				const [dayOld, before1, before2, lateInside, ...fresh] = recordsOf(event, 8);
				await record(event, dayOld, now - 24 * HOUR);
				env.sim.setNow(now);
				const trigger = createPoller({
					parameters: { event, ...scope, options: { lateEventWindow: 10 } },
					credentials: 'projectScope' in scope ? env.agencyCredentials() : env.projectCredentials(),
				});
				expect(idsOf(await trigger.poll())).toEqual([]);

				for (const id of fresh) await record(event, id, now + 5);
				await record(event, before1, now - 16 * HOUR);
				await record(event, before2, now - 16 * HOUR + 7);
				await record(event, lateInside, now - 120);
				env.sim.setNow(now + 6);
				const emitted: number[] = [];
				for (let poll = 0; poll < 3; poll++) emitted.push(...idsOf(await trigger.poll()));
				expect(emitted.sort((a, b) => a - b)).toEqual([lateInside, ...fresh]);
			},
		);
	},
);
