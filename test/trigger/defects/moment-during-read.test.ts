/**
 * Issue 32 loss 1, contract §8 "Records inserted while a poll reads ... what they miss, the next poll
 * delivers" and "Late-reported moments": 141 messages delivered in one second; a poll reads them oldest
 * first; while it waits for its 2nd page two more messages are delivered in that same second, one with a
 * higher id and one with a lower id than the campaign. Each of the 143 fires exactly once.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const MESSAGES = '/project/messages';

afterEach(() => env.sim.setNow(undefined));

/** `count` new messages, not delivered yet: their ids. */
function newMessages(count: number): number[] {
	const project = env.sim.defaultProject();
	const start = project.messages.items.at(-1)?.id ?? 0;
	env.sim.addMessages(project.id, count, { created_at: env.sim.now() - 3_600 });
	return project.messages.items.filter((m) => m.id > start).map((m) => m.id);
}

describe('messageDelivered: deliveries recorded in the same second while a poll reads', () => {
	// Recorded before the poll's k-th list request is answered (after the poll if it sent fewer); on
	// today's walk k = 3 is its 2nd ascending page.
	it.each([1, 2, 3, 4])(
		'recorded before request %i: the lower and the higher id both fire once, with the campaign',
		async (k) => {
			const project = env.sim.defaultProject();
			const now = Math.floor(Date.now() / 1000);
			env.sim.setNow(now);
			const [lower] = newMessages(1);
			const campaign = newMessages(141);
			const [higher] = newMessages(1);
			const trigger = createPoller({
				parameters: { event: 'messageDelivered' },
				credentials: env.projectCredentials(),
			});
			expect(idsOf(await trigger.poll())).toEqual([]);

			const second = now + 60;
			env.sim.setNow(second + 5);
			for (const id of campaign) env.sim.setMessageTime(project.id, id, 'delivered_at', second);
			let reads = 0;
			const record = () => {
				env.sim.setMessageTime(project.id, higher, 'delivered_at', second);
				env.sim.setMessageTime(project.id, lower, 'delivered_at', second);
			};
			env.sim.answering = (request) => {
				if (request.method === 'GET' && request.path === MESSAGES && ++reads === k) record();
			};
			const emitted = idsOf(await trigger.poll());
			if (reads < k) record();
			env.sim.answering = undefined;
			for (let poll = 0; poll < 5; poll++) emitted.push(...idsOf(await trigger.poll()));

			expect(emitted.filter((id) => campaign.includes(id))).toEqual(campaign);
			expect(emitted.filter((id) => id === higher)).toEqual([higher]);
			expect(emitted.filter((id) => id === lower)).toEqual([lower]);
			expect(emitted).toHaveLength(143);
		},
	);
});
