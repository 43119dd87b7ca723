/**
 * Contract §8 "every poll makes progress": a backlog whose records share ONE second (an import stamping
 * them all at once) and that no poll can read whole in its budget. The walk steps over ties by id, so a
 * poll the budget cut must go on next time past the last record it handled, not re-read the second from
 * its start. Engine tests: one active Workflow polled repeatedly; the clock moves 10 s per list request
 * against a 45 s budget (3 requests a poll), as n8n's durable scheduler would see a slow service.
 */
import type { INodeParameters } from 'n8n-workflow';

import { createPoller } from '../harness';
import { fakeDateOnly } from '../harness/fake-clock';
import { useSimulator } from '../harness/simulator-env';
import { idsOf } from '../harness/trigger-pollers';

const env = useSimulator();
const messages = '/project/messages';

afterEach(() => {
	env.sim.answering = undefined;
	jest.useRealTimers();
});

function poller(parameters: INodeParameters, agency = false) {
	return createPoller({
		parameters: agency
			? { authentication: 'agencyKey', projectScope: 'all', ...parameters }
			: parameters,
		credentials: agency ? env.agencyCredentials() : env.projectCredentials(),
		budgetMs: 45_000,
	});
}

/** `count` messages of the default project, all created in second `at`; their ids, ascending. */
function sameSecond(count: number, at: number): number[] {
	const project = env.sim.defaultProject();
	const before = new Set(project.messages.items.map((message) => message.id));
	env.sim.addMessages(project.id, count, { created_at: at });
	return project.messages.items.filter((m) => !before.has(m.id)).map((m) => m.id);
}

/** From now on every message-list answer moves n8n's clock 10 s. */
function slowClock() {
	fakeDateOnly();
	env.sim.answering = (request) => {
		if (request.path === messages) jest.setSystemTime(Date.now() + 10_000);
	};
}

/** Polls until `expected` came out (at most `limit` polls); every poll must emit something. */
async function drain(trigger: ReturnType<typeof poller>, expected: number[], limit = 40) {
	const emitted: number[] = [];
	const perPoll: number[] = [];
	while (emitted.length < expected.length && perPoll.length < limit) {
		const ids = idsOf(await trigger.poll());
		perPoll.push(ids.length);
		emitted.push(...ids);
		if (ids.length === 0) break;
	}
	return { emitted, perPoll };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('a backlog of 1,000 records sharing one second, cut by the budget', () => {
	it('New Message: every poll makes progress; each message comes out once, in order', async () => {
		const trigger = poller({ event: 'newMessage' });
		await trigger.poll();
		const fresh = sameSecond(1_000, nowSeconds() + 5);
		slowClock();
		const { emitted, perPoll } = await drain(trigger, fresh);
		expect(perPoll.every((count) => count > 0)).toBe(true);
		expect(perPoll.length).toBeGreaterThan(2);
		expect(emitted).toEqual(fresh);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});

	it('All Projects: the same, per project', async () => {
		const trigger = poller({ event: 'newMessage' }, true);
		await trigger.poll();
		const fresh = sameSecond(1_000, nowSeconds() + 5);
		slowClock();
		const { emitted, perPoll } = await drain(trigger, fresh);
		expect(perPoll.every((count) => count > 0)).toBe(true);
		expect(emitted).toEqual(fresh);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});

	it('Start From: reading from it, the same', async () => {
		// Ahead of the seeded messages: only these are after it.
		const start = nowSeconds() + 3_600;
		const fresh = sameSecond(1_000, start + 60);
		const trigger = poller({
			event: 'newMessage',
			options: { startFrom: new Date(start * 1000).toISOString() },
		});
		slowClock();
		const { emitted, perPoll } = await drain(trigger, fresh);
		expect(perPoll.every((count) => count > 0)).toBe(true);
		expect(emitted).toEqual(fresh);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});

	it('Message Delivered (Late Event Window 10 min): the same; a delivery reported later at that second, for a smaller id, still fires once', async () => {
		const project = env.sim.defaultProject();
		const trigger = poller({ event: 'messageDelivered' });
		await trigger.poll();
		const at = nowSeconds() + 5;
		const ids = sameSecond(1_001, at - 100);
		const late = ids[0];
		const fresh = ids.slice(1);
		for (const id of fresh) env.sim.setMessageTime(project.id, id, 'delivered_at', at);
		slowClock();
		const first = idsOf(await trigger.poll());
		expect(first.length).toBeGreaterThan(0);
		// Reported now, with the same (earlier) second, below every id already handled.
		env.sim.setMessageTime(project.id, late, 'delivered_at', at);
		const { emitted, perPoll } = await drain(trigger, fresh.slice(first.length));
		expect(perPoll.every((count) => count > 0)).toBe(true);
		const all = [...first, ...emitted];
		expect(all.filter((id) => id !== late)).toEqual(fresh);
		for (let poll = 0; poll < 3 && !all.includes(late); poll++)
			all.push(...idsOf(await trigger.poll()));
		expect(all.filter((id) => id === late)).toEqual([late]);
		expect(idsOf(await trigger.poll())).toEqual([]);
	});
});
