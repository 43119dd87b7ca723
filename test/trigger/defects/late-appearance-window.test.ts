/**
 * Issue 40 item 3, contract §11 "Late appearance", over time (n8n's clock and the service's move
 * together): a record listed 30 s late, after 20 newer ones fired over 10 polls, fires once; one listed
 * later than the Late Event Window after newer ones does not (the documented limit, docs/trigger.md);
 * an idle poll stays one list request per project, also with more than a page listed in the window.
 */
import { createPoller } from '../../harness';
import { fakeDateOnly } from '../../harness/fake-clock';
import { useSimulator } from '../../harness/simulator-env';
import type { AppearsEvent } from './late-support';
import {
	APPEARS_EVENTS,
	createLate,
	createRecord,
	emittedIds,
	LIST_OF,
	triggerOptions,
} from './late-support';

const env = useSimulator();

// From now on: the seeded records are older than every record a test creates.
beforeEach(() => fakeDateOnly(Date.now() + 1_000));
afterEach(() => jest.useRealTimers());

const seconds = (count: number) => jest.setSystemTime(Date.now() + count * 1000);

const listRequests = (event: AppearsEvent, from: number) =>
	env.sim.requests
		.slice(from)
		.filter((r) => r.method === 'GET' && r.path === `/project/${LIST_OF[event]}`).length;

it.each(APPEARS_EVENTS)(
	'%s: one listed 30 s late, after 20 newer ones fired over 10 polls, fires once',
	async (event) => {
		const trigger = createPoller(triggerOptions(env, event, 'one'));
		expect(emittedIds(await trigger.poll())).toEqual([]);
		const late = createLate(env, event, 31);
		const fired: number[] = [];
		for (let poll = 0; poll < 10; poll++) {
			const newer = [createRecord(env, event), createRecord(env, event)];
			seconds(3);
			const ids = emittedIds(await trigger.poll());
			expect(ids).toEqual(newer);
			fired.push(...ids);
		}
		expect(fired).toHaveLength(20);
		expect(fired.every((id) => id > late)).toBe(true);
		seconds(1);
		expect(emittedIds(await trigger.poll())).toEqual([late]);
		seconds(60);
		expect(emittedIds(await trigger.poll())).toEqual([]);
	},
);

it.each(APPEARS_EVENTS)(
	'%s, Late Event Window 1 min: one listed 5 min after newer ones fired does not fire (the limit)',
	async (event) => {
		const trigger = createPoller(triggerOptions(env, event, 'one', { lateEventWindow: 1 }));
		expect(emittedIds(await trigger.poll())).toEqual([]);
		const late = createLate(env, event, 300);
		const fired: number[] = [];
		for (let poll = 0; poll < 12; poll++) {
			fired.push(...emittedIds(await trigger.poll()));
			// Newer ones created 2 to 3 minutes after it (New Message: their created_at is the window's).
			if (poll >= 4 && poll < 7) createRecord(env, event);
			seconds(30);
		}
		// Listed at 300 s: more than the window after the newer ones were listed (and created).
		expect(fired).toHaveLength(3);
		expect(fired).not.toContain(late);
	},
);

it.each(APPEARS_EVENTS)(
	'%s: idle polls stay one list request with 150 records listed in the window, and after a late one',
	async (event) => {
		const trigger = createPoller(triggerOptions(env, event, 'one'));
		expect(emittedIds(await trigger.poll())).toEqual([]);
		const late = createLate(env, event, 20);
		const busy = Array.from({ length: 150 }, () => createRecord(env, event));
		seconds(5);
		expect(emittedIds(await trigger.poll())).toEqual(busy);
		for (const wait of [5, 5]) {
			seconds(wait);
			const logged = env.sim.requests.length;
			expect(emittedIds(await trigger.poll())).toEqual([]);
			expect(listRequests(event, logged)).toBe(1);
		}
		seconds(10);
		expect(emittedIds(await trigger.poll())).toEqual([late]);
		seconds(5);
		const logged = env.sim.requests.length;
		expect(emittedIds(await trigger.poll())).toEqual([]);
		expect(listRequests(event, logged)).toBe(1);
	},
);

it.each(APPEARS_EVENTS)(
	'%s, All Projects: an idle poll is one list request per project',
	async (event) => {
		env.sim.createProject('Second client');
		const trigger = createPoller(triggerOptions(env, event, 'all'));
		expect(emittedIds(await trigger.poll())).toEqual([]);
		const late = createLate(env, event, 3);
		seconds(1);
		const newer = createRecord(env, event);
		seconds(1);
		expect(emittedIds(await trigger.poll())).toEqual([newer]);
		seconds(5);
		expect(emittedIds(await trigger.poll())).toEqual([late]);
		seconds(5);
		const logged = env.sim.requests.length;
		expect(emittedIds(await trigger.poll())).toEqual([]);
		expect(listRequests(event, logged)).toBe(2);
	},
);
