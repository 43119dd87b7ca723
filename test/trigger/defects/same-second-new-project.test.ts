/**
 * Issue 29 defect 7, contract §9 "Projects added after activation": across a restart on n8n's default
 * saving before any poll that saw the project was saved, the start is rebuilt from the project's
 * `created_at`, inclusive to the second: every record with a moment at or after it fires. Here the
 * activation, the project and its first review share one second. Only Date is faked (n8n's clock stays
 * in that second); the simulator's clock is frozen at it.
 */
import { fakeDateOnly } from '../../harness/fake-clock';
import { LegacySavedTrigger } from '../../harness/n8n-saving';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';
import { ALL_PROJECTS } from './support';

const env = useSimulator();

afterEach(() => {
	jest.useRealTimers();
	env.sim.setNow(undefined);
});

describe.each([
	['its first review in that second, restarted before any poll saw it', false, 0],
	['its first review in that second, an idle poll saw it, a restart before any save', true, 0],
	['its first review a second later (control), restarted before any poll saw it', false, 1],
])('All Projects: a project created in the second of the activation; %s', (_name, seen, delay) => {
	it('the review fires once after the restart', async () => {
		const second = Math.floor(Date.now() / 1000);
		fakeDateOnly(second * 1000 + 200);
		env.sim.setNow(second);
		const trigger = new LegacySavedTrigger({
			parameters: {
				event: 'newReview',
				...ALL_PROJECTS,
			},
			credentials: env.agencyCredentials(),
		});
		expect(idsOf(await trigger.activate())).toEqual([]);
		const client = env.sim.createProject('Same-second client');
		if (delay) {
			jest.setSystemTime((second + delay) * 1000 + 200);
			env.sim.setNow(second + delay);
		}
		if (delay) {
			jest.setSystemTime((second + delay) * 1000 + 200);
			env.sim.setNow(second + delay);
		}
		const review = env.sim.addReview(client.id, { score: 5 }).id;
		if (seen) await trigger.poll();
		trigger.restart();

		const emitted: number[] = [];
		for (let poll = 0; poll < 3; poll++) emitted.push(...idsOf(await trigger.poll()));
		expect(emitted).toEqual([review]);
	});
});
