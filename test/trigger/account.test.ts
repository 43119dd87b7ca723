/**
 * Issue 41 item 2: the trigger keeps an account of what it did, in its state (docs/trigger.md "The
 * account"). Through the real engine against the simulator: for each reason a record never fires, two
 * records withheld for it show in the account with that reason; what fired and what waits show too.
 */
import type { IDataObject } from 'n8n-workflow';

import { createPoller, TRIGGER_NODE_NAME } from '../harness';
import { DurableCursorTrigger, LegacySavedTrigger } from '../harness/n8n-saving';
import { useSimulator } from '../harness/simulator-env';
import { addRecords, idsOf } from '../harness/trigger-pollers';
import { ALL_PROJECTS, api } from './defects/support';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

interface Tally {
	n: number;
	last: Array<[number, number | string]>;
}
type Project = IDataObject & {
	emitted?: Tally;
	held?: { n: number; keys: number[][]; more?: boolean };
	never?: Record<string, Tally>;
};

const accountOf = (staticData: IDataObject, key = 'own') =>
	(staticData.account as { projects: Record<string, Project> }).projects[key];

const lastIds = (tally?: Tally) => (tally?.last ?? []).map(([id]) => id);

describe('the account of a One Project trigger', () => {
	it('a filter: two reviews scored 3 under Score 5 are withheld, with the rule and the value', async () => {
		const poller = createPoller({
			parameters: { event: 'newReview', filters: { score: 5 } },
			credentials: env.projectCredentials(),
		});
		await poller.poll();
		const low = addRecords(env, 'newReview', 2, { score: 3 });
		const [high] = addRecords(env, 'newReview', 1, { score: 5 });
		expect(idsOf(await poller.poll())).toEqual([high]);
		const account = accountOf(poller.staticData());
		expect(account.never?.filter).toEqual({
			n: 2,
			last: low.map((id) => [id, 'score 3, filter Score 5']),
		});
		expect(account.emitted).toEqual({ n: 1, last: [[high, expect.any(Number)]] });
		expect(account.read).toBeGreaterThanOrEqual(3);
	});

	it('before activation: the two reviews there at activation are taken as they stood', async () => {
		const existing = addRecords(env, 'newReview', 2);
		const poller = createPoller({
			parameters: { event: 'newReview' },
			credentials: env.projectCredentials(),
		});
		expect(idsOf(await poller.poll())).toEqual([]);
		const before = accountOf(poller.staticData()).never?.beforeStart;
		expect(before?.n).toBeGreaterThanOrEqual(2);
		expect(lastIds(before).slice(-2)).toEqual(existing);
	});

	it('before Start From: two reviews created an hour before it are withheld', async () => {
		const now = Math.floor(Date.now() / 1000);
		const early = addRecords(env, 'newReview', 2, { created_at: now - 7_200 });
		const [late] = addRecords(env, 'newReview', 1, { created_at: now - 600 });
		const startFrom = new Date((now - 3_600) * 1000).toISOString();
		const poller = createPoller({
			parameters: { event: 'newReview', options: { startFrom } },
			credentials: env.projectCredentials(),
		});
		expect(idsOf(await poller.poll())).toEqual([late]);
		const before = accountOf(poller.staticData()).never?.beforeStart;
		expect(lastIds(before)).toEqual(expect.arrayContaining(early));
		expect(before?.last.find(([id]) => id === early[0])?.[1]).toBe(now - 3_600);
	});

	it('Max Events per Poll: two reviews wait for the next poll; deleted meanwhile, they never fire', async () => {
		const poller = createPoller({
			parameters: { event: 'newReview', options: { maxEventsPerPoll: 1 } },
			credentials: env.projectCredentials(),
		});
		await poller.poll();
		const [first, ...rest] = addRecords(env, 'newReview', 3);
		expect(idsOf(await poller.poll())).toEqual([first]);
		expect(accountOf(poller.staticData()).held).toMatchObject({
			n: 2,
			keys: rest.map((id) => [id, id]),
		});
		for (const id of rest) await api(env, 'DELETE', `/project/reviews/${id}`);
		expect(idsOf(await poller.poll())).toEqual([]);
		const account = accountOf(poller.staticData());
		expect(account.never?.deleted).toEqual({ n: 2, last: rest.map((id) => [id, id]) });
		expect(account.held).toBeUndefined();
	});

	it('outside the Late Event Window: two replies recorded an hour late are withheld', async () => {
		const now = Math.floor(Date.now() / 1000);
		const markReplied = async (id: number, at: number) => {
			env.sim.setNow(at);
			await api(env, 'PUT', `/project/reviews/${id}/mark-replied`, { replied: true });
		};
		const [old, ...others] = addRecords(env, 'newReview', 5);
		const [busy, lateA, lateB] = others;
		await markReplied(old, now - 3 * 3_600);
		env.sim.setNow(now);
		const poller = createPoller({
			parameters: { event: 'reviewReplied', options: { lateEventWindow: 3 } },
			credentials: env.projectCredentials(),
		});
		expect(idsOf(await poller.poll())).toEqual([]);
		await markReplied(busy, now + 10);
		expect(idsOf(await poller.poll())).toEqual([busy]);
		await markReplied(lateA, now + 14 - 3_600);
		await markReplied(lateB, now + 15 - 3_600);
		expect(idsOf(await poller.poll())).toEqual([]);
		expect(accountOf(poller.staticData()).never?.outsideWindow).toEqual({
			n: 2,
			last: [
				[lateA, now + 14 - 3_600],
				[lateB, now + 15 - 3_600],
			],
		});
	});
});

describe('the account of an All Projects trigger', () => {
	it('a project added later starts silently: its two reviews are withheld as such', async () => {
		const poller = createPoller({
			parameters: { event: 'newReview', ...ALL_PROJECTS },
			credentials: env.agencyCredentials(),
		});
		await poller.poll();
		const added = env.sim.createProject('Added Later');
		env.sim.addReviews(added.id, 2);
		const ids = added.reviews.items.map(({ id }) => id);
		expect(idsOf(await poller.poll())).toEqual([]);
		const account = accountOf(poller.staticData(), String(added.id));
		expect(account.never?.addedLater).toEqual({
			n: 2,
			last: ids.map((id) => [id, account.polled]),
		});
		expect(account.never?.beforeStart).toBeUndefined();
	});

	it('a project added later, n8n restarted before a save: two reviews imported with old dates are withheld as such', async () => {
		const now = Math.floor(Date.now() / 1000);
		const trigger = new LegacySavedTrigger({
			parameters: { event: 'newReview', ...ALL_PROJECTS },
			credentials: env.agencyCredentials(),
		});
		await trigger.activate();
		const [fresh] = addRecords(env, 'newReview', 1);
		expect(idsOf(await trigger.poll())).toEqual([fresh]);
		env.sim.setNow(now + 60);
		const added = env.sim.createProject('Added Later');
		env.sim.addReviews(added.id, 2, { created_at: now - 3_600 });
		const ids = added.reviews.items.map(({ id }) => id);
		trigger.restart();
		expect(idsOf(await trigger.poll())).toEqual([]);
		const saved = trigger.poller.staticData();
		const account = accountOf(saved, String(added.id));
		expect(lastIds(account.never?.addedLater)).toEqual(ids);
		expect(account.never?.beforeStart).toBeUndefined();
	});

	it('a suspended project: its error is kept, the others go on', async () => {
		const poller = createPoller({
			parameters: { event: 'newReview', ...ALL_PROJECTS },
			credentials: env.agencyCredentials(),
		});
		const other = env.sim.createProject('Other');
		await poller.poll();
		env.sim.setProjectSuspended(other.id, true);
		await poller.poll();
		const account = accountOf(poller.staticData(), String(other.id));
		expect(account.error).toEqual([expect.any(Number), expect.stringMatching(/./)]);
		expect(JSON.stringify(poller.staticData())).not.toContain(env.sim.agencyKey);
		expect(JSON.stringify(poller.staticData())).not.toContain(other.key);
	});
});

describe('what n8n keeps of the account', () => {
	const parameters = { event: 'newReview', filters: { score: 5 } };

	it('durable poll cursors: a poll that emits nothing commits its account (the state changed)', async () => {
		const trigger = new DurableCursorTrigger({ parameters, credentials: env.projectCredentials() });
		await trigger.poll();
		const low = addRecords(env, 'newReview', 2, { score: 3 });
		expect(idsOf(await trigger.poll())).toEqual([]);
		expect(lastIds(accountOf(trigger.committed).never?.filter)).toEqual(low);
	});

	it('default saving: a poll that emits nothing is not saved, so its account is not either', async () => {
		const trigger = new LegacySavedTrigger({ parameters, credentials: env.projectCredentials() });
		const saved = () => trigger.saved[`node:${TRIGGER_NODE_NAME}`] as IDataObject;
		await trigger.activate();
		const low = addRecords(env, 'newReview', 2, { score: 3 });
		expect(idsOf(await trigger.poll())).toEqual([]);
		expect(accountOf(saved()).never?.filter).toBeUndefined();
		// The next poll that emits saves the account, the earlier withheld records included.
		const [high] = addRecords(env, 'newReview', 1, { score: 5 });
		expect(idsOf(await trigger.poll())).toEqual([high]);
		expect(lastIds(accountOf(saved()).never?.filter)).toEqual(low);
	});
});
