/**
 * Issue 29 defect 5, contract §9 "Late Event Window, any number": however many moments fall inside the
 * window, each fires once, and a moment reported late inside the window still fires once; the static
 * data of one list stays under 256 KB. Here: 1,200 deliveries within 5 minutes (window 10 minutes), then
 * one reported late, 298 s before the newest.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();

afterEach(() => env.sim.setNow(undefined));

describe('messageDelivered: 1,200 deliveries in the Late Event Window', () => {
	it('each fires once; a late one inside the window fires once; static data under 256 KB', async () => {
		const project = env.sim.defaultProject();
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const start = project.messages.items.at(-1)?.id ?? 0;
		env.sim.addMessages(project.id, 1_201, { created_at: now - 3_600 });
		const [late, ...busy] = project.messages.items.filter((m) => m.id > start).map((m) => m.id);
		const trigger = createPoller({
			parameters: { event: 'messageDelivered' },
			credentials: env.projectCredentials(),
		});
		expect(idsOf(await trigger.poll())).toEqual([]);

		env.sim.setNow(now + 400);
		busy.forEach((id, index) =>
			env.sim.setMessageTime(project.id, id, 'delivered_at', now + 10 + Math.floor(index / 4)),
		);
		const emitted: number[] = [];
		for (let poll = 0; poll < 5; poll++) emitted.push(...idsOf(await trigger.poll()));
		expect(emitted).toEqual(busy);

		env.sim.setMessageTime(project.id, late, 'delivered_at', now + 11);
		const after: number[] = [];
		for (let poll = 0; poll < 3; poll++) after.push(...idsOf(await trigger.poll()));
		expect(after).toEqual([late]);
		expect(JSON.stringify(trigger.workflow.staticData).length).toBeLessThan(256 * 1024);
	});
});
