/**
 * Soak seed 72646, contract §8 "Start From" and "Late-reported moments": once the Start From reading has
 * delivered what happened since, the Late Event Window works as after any poll. The reading (cut by Max
 * Events per Poll at activation) ends on a later poll that also reads deliveries made after activation;
 * then a delivery recorded in the same second as the newest (lower id), or late inside the window, fires
 * once. The reading used to end with everything up to the newest record it read handled: both were lost.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const DAY = 86_400;

afterEach(() => env.sim.setNow(undefined));

it.each([
	['in the same second as the newest, with a lower id', 0],
	['late, 40 s before the newest', 40],
])('messageDelivered, Start From 6 days back: a delivery %s fires once', async (_name, before) => {
	const project = env.sim.defaultProject();
	const now = Math.floor(Date.now() / 1000);
	env.sim.setNow(now);
	const start = project.messages.items.at(-1)?.id ?? 0;
	env.sim.addMessages(project.id, 8, { created_at: now - 3 * DAY });
	const [late, ...rest] = project.messages.items.filter((m) => m.id > start).map((m) => m.id);
	const backlog = rest.slice(0, 4);
	const fresh = rest.slice(4);
	backlog.forEach((id, index) =>
		env.sim.setMessageTime(project.id, id, 'delivered_at', now - 2 * DAY + index),
	);
	const trigger = createPoller({
		parameters: {
			event: 'messageDelivered',
			options: {
				startFrom: new Date((now - 6 * DAY) * 1000).toISOString(),
				maxEventsPerPoll: 2,
			},
		},
		credentials: env.projectCredentials(),
	});
	// Only this test's messages (the simulator's own may be delivered since Start From too).
	const mine = (ids: number[]) => ids.filter((id) => id === late || rest.includes(id));
	const emitted = idsOf(await trigger.poll());

	env.sim.setNow(now + 60);
	for (const id of fresh) env.sim.setMessageTime(project.id, id, 'delivered_at', now + 60);
	for (let poll = 0; poll < 6; poll++) emitted.push(...idsOf(await trigger.poll()));
	expect(mine(emitted)).toEqual([...backlog, ...fresh]);

	env.sim.setMessageTime(project.id, late, 'delivered_at', now + 60 - before);
	for (let poll = 0; poll < 3; poll++) emitted.push(...idsOf(await trigger.poll()));
	expect(emitted.filter((id) => id === late)).toEqual([late]);
});
