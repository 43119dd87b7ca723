/**
 * Issue 40 item 3, contract §11 "Late appearance": a record may join the lists after newer ones (commit
 * order is not id order; a read replica lags). New Review, New Customer and New Message fire it exactly
 * once when it appears within the Late Event Window (default 10 minutes) after a newer one fired, on One
 * Project and All Projects, on default saving and on durable poll cursors; an idle poll stays one list
 * request per project. Before the fix: record 46, listed 3 s after 47 fired, never fired.
 */
import { useSimulator } from '../../harness/simulator-env';
import type { AppearsEvent } from './late-support';
import {
	APPEARS_EVENTS,
	createLate,
	createRecord,
	emittedIds,
	LIST_OF,
	savedTrigger,
	triggerOptions,
} from './late-support';

const env = useSimulator();

let now = 0;
beforeEach(() => {
	now = Math.floor(Date.now() / 1000);
	env.sim.setNow(now);
});
afterEach(() => env.sim.setNow(undefined));

const cases = APPEARS_EVENTS.flatMap((event) =>
	(['one', 'all'] as const).flatMap((scope) =>
		(['legacy', 'durable'] as const).map((saving) => [event, scope, saving] as const),
	),
);

/** GET requests of the event's list since `from` (an index into the simulator's log). */
const listRequests = (event: AppearsEvent, from: number) =>
	env.sim.requests
		.slice(from)
		.filter((r) => r.method === 'GET' && r.path === `/project/${LIST_OF[event]}`).length;

it.each(cases)(
	'%s, %s, %s saving: 46 listed 3 s after 47 fired fires once, after a restart too',
	async (event, scope, saving) => {
		const trigger = savedTrigger(saving, triggerOptions(env, event, scope));
		expect(emittedIds(await trigger.poll())).toEqual([]);

		const early = createLate(env, event, 3);
		env.sim.setNow(now + 1);
		const newer = createRecord(env, event);
		expect(emittedIds(await trigger.poll())).toEqual([newer]);

		// An idle poll while 46 is not listed yet: one list request (the project list aside).
		const logged = env.sim.requests.length;
		expect(emittedIds(await trigger.poll())).toEqual([]);
		expect(listRequests(event, logged)).toBe(1);

		trigger.restart();
		env.sim.setNow(now + 3);
		expect(emittedIds(await trigger.poll())).toEqual([early]);
		expect(emittedIds(await trigger.poll())).toEqual([]);
		trigger.restart();
		expect(emittedIds(await trigger.poll())).toEqual([]);
	},
);
