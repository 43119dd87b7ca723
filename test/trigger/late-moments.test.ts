/**
 * Contract §8 "Late-reported moments": a moment the service records after a later one was already seen
 * (a delivery a mail provider reports late, with its real, earlier time) still fires once if it is at
 * most `options.lateEventWindow` minutes (default 10) older than the newest moment seen; an older one
 * does not; an idle poll stays one request.
 */
import { createPoller } from '../harness';
import { useSimulator } from '../harness/simulator-env';
import { idsOf } from '../harness/trigger-pollers';

const env = useSimulator();
const messages = '/project/messages';

function poller(options: Record<string, number> = {}) {
	return createPoller({
		parameters: { event: 'messageDelivered', options },
		credentials: env.projectCredentials(),
	});
}

/** `count` new messages (not delivered yet), their ids. */
function newMessages(count: number): number[] {
	const project = env.sim.defaultProject();
	const start = project.messages.items.at(-1)?.id ?? 0;
	env.sim.addMessages(project.id, count, { created_at: env.sim.now() - 3_600 });
	return project.messages.items.filter((m) => m.id > start).map((m) => m.id);
}

const deliver = (id: number, at: number) =>
	env.sim.setMessageTime(env.sim.defaultProject().id, id, 'delivered_at', at);

async function counted(trigger: ReturnType<typeof poller>) {
	const before = env.requests('GET', messages).length;
	const ids = idsOf(await trigger.poll());
	return { ids, requests: env.requests('GET', messages).length - before };
}

afterEach(() => env.sim.setNow(undefined));

describe.each([
	['default window (10 minutes)', {}, 600],
	['a window of 30 minutes', { lateEventWindow: 30 }, 1_800],
])('messageDelivered, %s', (_name, options, windowSeconds) => {
	it('a delivery reported late within the window fires once; one older than the window does not; idle stays one request', async () => {
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const [a, b, c, d] = newMessages(4);
		const trigger = poller(options);
		await trigger.poll();
		deliver(a, now + 100);
		expect((await counted(trigger)).ids).toEqual([a]);
		// Reported now, but delivered earlier than a: within the window, and beyond it.
		deliver(b, now + 100 - (windowSeconds - 60));
		deliver(c, now + 100 - (windowSeconds + 60));
		expect((await counted(trigger)).ids).toEqual([b]);
		expect(await counted(trigger)).toEqual({ ids: [], requests: 1 });
		deliver(d, now + 101);
		expect((await counted(trigger)).ids).toEqual([d]);
		expect(await counted(trigger)).toEqual({ ids: [], requests: 1 });
	});
});

describe('messageDelivered, a busy window (300 deliveries in the last 10 minutes)', () => {
	it('an idle check is one request; a late delivery within the window still fires once', async () => {
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const busy = newMessages(300);
		busy.forEach((id, index) => deliver(id, now - 300 + index));
		const [late] = newMessages(1);
		const trigger = poller();
		await trigger.poll();
		expect(await counted(trigger)).toEqual({ ids: [], requests: 1 });
		deliver(late, now - 200);
		expect((await counted(trigger)).ids).toEqual([late]);
		expect(await counted(trigger)).toEqual({ ids: [], requests: 1 });
	});
});

describe('messageDelivered, window 0', () => {
	it('a delivery reported late does not fire (only the newest second is looked at)', async () => {
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const [a, b] = newMessages(2);
		const trigger = poller({ lateEventWindow: 0 });
		await trigger.poll();
		deliver(a, now + 100);
		expect((await counted(trigger)).ids).toEqual([a]);
		deliver(b, now + 40);
		expect(await counted(trigger)).toEqual({ ids: [], requests: 1 });
	});
});

describe('reviewReplied: a late reply time within the window', () => {
	it('fires once', async () => {
		const now = Math.floor(Date.now() / 1000);
		env.sim.setNow(now);
		const project = env.sim.defaultProject();
		env.sim.addReviews(project.id, 2, { score: 4, created_at: now - 7_200 });
		const [first, second] = project.reviews.items.slice(-2);
		const trigger = createPoller({
			parameters: { event: 'reviewReplied' },
			credentials: env.projectCredentials(),
		});
		await trigger.poll();
		first.replied_at = now + 50;
		project.reviews.touched('replied_at');
		expect(idsOf(await trigger.poll())).toEqual([first.id]);
		second.replied_at = now - 100;
		project.reviews.touched('replied_at');
		expect(idsOf(await trigger.poll())).toEqual([second.id]);
		expect(await trigger.poll()).toBeNull();
	});
});
