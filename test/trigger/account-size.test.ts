/**
 * Issue 41 item 2: the account stays bounded (docs/trigger.md "The account"). The worst case of one
 * project (every list full, the largest ids, the longest notes and error) stays under
 * ACCOUNT_BYTES_PER_PROJECT; 500 projects through the real engine stay under 500 times that.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Key } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import {
	ACCOUNT_BYTES_PER_PROJECT,
	failed,
	KNOWN_IDS,
	LAST_IDS,
	newSight,
	settle,
	WITHHELD_REASONS,
} from '../../nodes/ReviewCollectionTrigger/state/account';
import { createPoller } from '../harness';
import { useSimulator } from '../harness/simulator-env';
import { ALL_PROJECTS } from './defects/support';

const env = useSimulator();

const BIG = Number.MAX_SAFE_INTEGER;
const NOW = 9_999_999_999;

function worstProject() {
	const keys = (count: number, from: number): Key[] =>
		Array.from({ length: count }, (_, i) => [NOW - i, from - i]);
	const sight = newSight();
	sight.read = 10_000;
	for (const reason of WITHHELD_REASONS)
		for (const [moment, id] of keys(LAST_IDS + 2, BIG - 100))
			sight.withheld.push({
				reason,
				id,
				key: [moment, id],
				// Only a filter keeps a note (./sight.ts); the others the record's moment.
				detail: reason === 'filter' ? 'x'.repeat(500) : moment,
			});
	sight.keys = keys(KNOWN_IDS + 5, BIG - 1_000);
	const entries = keys(LAST_IDS + 5, BIG).map((key) => ({ id: key[1], key }));
	const before = failed(undefined, NOW, new Error('e'.repeat(5_000)));
	return settle(before, {
		now: NOW,
		sight,
		emitted: entries,
		held: entries.map(({ id, key }) => ({ id: id - 50, key })),
		more: true,
		lookReason: 'beforeStart',
		passed: () => true,
		floor: [NOW, BIG],
		nextFloor: [NOW, BIG],
	});
}

describe('the size of the account', () => {
	it(`one project at its worst (ids of 16 digits, every list full) stays under ${ACCOUNT_BYTES_PER_PROJECT} bytes`, () => {
		const project = worstProject();
		expect(Object.keys(project.never ?? {}).sort()).toEqual([...WITHHELD_REASONS].sort());
		expect(project.error?.[1].length).toBeLessThan(200);
		const bytes = JSON.stringify({ '123456789': project }).length;
		expect(bytes).toBeLessThanOrEqual(ACCOUNT_BYTES_PER_PROJECT);
		expect(bytes).toBeGreaterThan(ACCOUNT_BYTES_PER_PROJECT * 0.7);
	});

	it('500 projects through the engine, each with two reviews filtered out: under the bound', async () => {
		const projects = [env.sim.defaultProject()];
		for (let i = 1; i < 500; i++) projects.push(env.sim.createProject(`Client ${i}`));
		const poller = createPoller({
			parameters: {
				event: 'newReview',
				...ALL_PROJECTS,
				filters: { score: 5 },
				requestOptions: { maxRetries: 0, concurrency: 8 },
			},
			credentials: env.agencyCredentials(),
		});
		await poller.poll();
		for (const project of projects) {
			env.sim.addReviews(project.id, 2, { score: 3 });
			env.sim.addReviews(project.id, 1, { score: 5 });
		}
		expect((await poller.poll())?.[0]).toHaveLength(500);
		const account = poller.staticData().account as IDataObject & { projects: IDataObject };
		expect(Object.keys(account.projects)).toHaveLength(500);
		const bytes = JSON.stringify(account).length;
		expect(bytes).toBeLessThan(500 * ACCOUNT_BYTES_PER_PROJECT);
		// docs/trigger.md gives the size measured here (91 KB) and the bound.
		expect(bytes).toBeGreaterThan(500 * 100);
	}, 120_000);
});
