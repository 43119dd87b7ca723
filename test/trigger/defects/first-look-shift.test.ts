/**
 * Contract §7 (soak seed 61919): what is there at activation never fires. The first look pages newest
 * first; while it waits for its 2nd page, moments of records its 1st page listed are set earlier (inside
 * the window), so the records below move up by as many places and the 2nd page starts past some it never
 * read. Those were there at activation, unchanged: none may fire later. The moved ones (a new moment,
 * recorded while activation read) may fire.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();
const MESSAGES = '/project/messages';

afterEach(() => env.sim.setNow(undefined));

describe('messageOpened, window 3 min: 130 opened in one second, some re-opened earlier during the first look', () => {
	it.each([10, 40, 90])(
		'%i moved before the 2nd page: no record unchanged since activation fires',
		async (moved) => {
			const project = env.sim.defaultProject();
			const now = Math.floor(Date.now() / 1000);
			env.sim.setNow(now);
			const start = project.messages.items.at(-1)?.id ?? 0;
			env.sim.addMessages(project.id, 130, { created_at: now - 3_600 });
			const burst = project.messages.items.filter((m) => m.id > start).map((m) => m.id);
			for (const id of burst) {
				env.sim.setMessageTime(project.id, id, 'delivered_at', now - 10);
				env.sim.setMessageTime(project.id, id, 'opened_at', now);
			}
			// Newest first, ties by id descending: the 1st page of 100 holds the highest ids.
			const movers = burst.slice(-moved);
			let reads = 0;
			env.sim.answering = (request) => {
				if (request.method !== 'GET' || request.path !== MESSAGES || ++reads !== 2) return;
				for (const id of movers) env.sim.setMessageTime(project.id, id, 'opened_at', now - 60);
			};
			const trigger = createPoller({
				parameters: { event: 'messageOpened', options: { lateEventWindow: 3 } },
				credentials: env.projectCredentials(),
			});
			expect(idsOf(await trigger.poll())).toEqual([]);
			env.sim.answering = undefined;
			expect(reads).toBeGreaterThanOrEqual(2);

			env.sim.setNow(now + 5);
			const emitted: number[] = [];
			for (let poll = 0; poll < 3; poll++) emitted.push(...idsOf(await trigger.poll()));
			expect(emitted.filter((id) => !movers.includes(id))).toEqual([]);
		},
	);
});
