/**
 * Issue 29 defect 4, contract §8 (a backlog of any size, exactly once, oldest first) and §9 "Everything
 * inside the budget": the customer Tag question (the service asked which customers found carry the tag)
 * is inside the poll budget, and no tagged customer is dropped however many were imported at once.
 */
import type { INodeParameters } from 'n8n-workflow';

import { createPoller } from '../../harness';
import { fakeDateOnly } from '../../harness/fake-clock';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const CUSTOMERS = '/project/customers';

afterEach(() => jest.useRealTimers());

const poller = (budgetMs?: number, options: INodeParameters = {}) =>
	createPoller({
		parameters: { event: 'newCustomer', filters: { tag: 'vip' }, options },
		credentials: env.projectCredentials(),
		budgetMs,
	});

/** Imports `count` customers carrying the tag: their ids, oldest first. */
function importTagged(count: number): number[] {
	const project = env.sim.defaultProject();
	return Array.from(
		{ length: count },
		(_, i) =>
			env.sim.addCustomer(project.id, { email: `vip${i}@example.com`, tag_slugs: ['vip'] }).id,
	);
}

async function drain(trigger: ReturnType<typeof poller>, count: number, polls: number) {
	const emitted: number[] = [];
	for (let poll = 0; poll < polls && emitted.length < count; poll++)
		emitted.push(...idsOf(await trigger.poll()));
	emitted.push(...idsOf(await trigger.poll()));
	return emitted;
}

describe('newCustomer with a Tag filter', () => {
	it('6,000 tagged customers imported, budget 45 s, each request moves the clock 1 s: no request past the budget', async () => {
		const trigger = poller(45_000);
		await trigger.poll();
		const fresh = importTagged(6_000);
		fakeDateOnly();
		const start = Date.now();
		const sentAt: number[] = [];
		env.sim.answering = (request) => {
			if (request.path !== CUSTOMERS) return;
			sentAt.push(Date.now() - start);
			jest.setSystemTime(Date.now() + 1_000);
		};
		const ids = idsOf(await trigger.poll());
		expect(sentAt.filter((at) => at >= 45_000)).toEqual([]);
		expect(ids).toEqual(fresh.slice(0, ids.length));
	});

	it('10,150 tagged customers imported at once: every one fires once, oldest first', async () => {
		// The largest Max Events per Poll: few polls, each asking about many customers.
		const trigger = poller(undefined, { maxEventsPerPoll: 10_000 });
		await trigger.poll();
		const fresh = importTagged(10_150);
		expect(await drain(trigger, fresh.length, 15)).toEqual(fresh);
	});
});
