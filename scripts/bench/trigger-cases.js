/**
 * The trigger's cases: an idle poll per event (one request, however long the history) and a poll that
 * finds 10,000 new reviews. The package and the floor trigger poll; raw reads the same pages itself.
 */
const path = require('node:path');
const { qs } = require('./lib');
const EVENTS = require('./events');

const root = path.resolve(__dirname, '../..');
// Loaded by run.js after it has applied the test environment, like every harness require of the bench.
const { createPoller } = require(path.join(root, 'test/harness'));
const { GUESSES } = require(path.join(root, 'nodes/ReviewCollection/transport/guesses'));
const [SORT_DIR, PAGE, PER_PAGE] = [GUESSES.sortDirection, GUESSES.page, GUESSES.perPage].map(
	(guess) => guess.name,
);

/** A trigger (package or floor) whose first poll, in setup, has recorded the cursor. */
async function newPoller({ registry, credentials, notes }, side, spec) {
	const poller =
		side === 'package'
			? createPoller({
					registry,
					// The same job as the floor: all 10,000 in one poll (Max Events per Poll's default is 1,000).
					parameters: { event: spec.event, options: { maxEventsPerPoll: 10_000 } },
					credentials,
				})
			: createPoller({
					registry,
					nodeType: 'floorTrigger',
					parameters: {
						listPath: spec.listPath,
						sortKey: spec.sortKey,
						firstPageSize: spec.firstPageSize,
					},
					credentials,
				});
	const first = await poller.poll();
	if (first !== null)
		notes.push(
			`${side} ${spec.event}: the first poll emitted items (it should only record the cursor)`,
		);
	return poller;
}

/** `options`: --cases (a Set) and --runs of this run. */
async function triggerCases(context) {
	const { sim, raw, compare } = context;
	const { cases, runs } = context.options;
	await sim.reset();
	const pollers = {};
	const pollSide = (side) => async () => {
		const emitted = await pollers[side].poll();
		const items = emitted?.[0] ?? [];
		return { items, detail: `${items.length} emitted` };
	};
	// The idle poll's request, as the trigger's walk sends it: newest first, one page of 100.
	const firstPage = (spec) =>
		`${spec.listPath}?${qs({ sort_key: spec.sortKey, [SORT_DIR]: 'desc', [PAGE]: 1, [PER_PAGE]: 100 })}`;

	if (cases.has('idlePoll')) {
		for (const spec of EVENTS) {
			await sim.seed({ kind: spec.seed, total: 100_000 });
			await compare(`Idle poll, ${spec.event}, 100,000 records of history`, {
				runs: runs * 2,
				setup: async (side) => {
					if (side !== 'raw') pollers[side] = await newPoller(context, side, spec);
				},
				sides: {
					package: pollSide('package'),
					floor: pollSide('floor'),
					raw: async () => ({
						detail: `${(await raw.call('GET', firstPage(spec))).data.length} read`,
					}),
				},
				targets: [{ against: 'requests', max: 1 }],
			});
		}
	}

	if (cases.has('poll')) {
		const reviews = EVENTS.find((spec) => spec.event === 'newReview');
		await sim.seed({ kind: 'reviews', total: 100_000 });
		let cursor;
		await compare('Poll finding 10,000 new reviews', {
			setup: async (side) => {
				if (side !== 'raw') pollers[side] = await newPoller(context, side, reviews);
				cursor = await sim.lastReviewId();
				await sim.seed({ kind: 'reviews', count: 10_000 });
			},
			sides: {
				package: pollSide('package'),
				floor: pollSide('floor'),
				// Raw paging: newest first, 100 per page, until the cursor is reached; then oldest first.
				raw: async () => {
					const fresh = [];
					for (let page = 1; ; page++) {
						const envelope = await raw.call(
							'GET',
							`/project/reviews?${qs({ sort_key: 'id', [SORT_DIR]: 'desc', [PER_PAGE]: 100, [PAGE]: page })}`,
						);
						const newer = envelope.data.filter((review) => review.id > cursor);
						fresh.push(...newer);
						if (newer.length < envelope.data.length || page >= envelope.pagination.last_page) break;
					}
					fresh.reverse();
					return { fresh, detail: `${fresh.length} new` };
				},
			},
			targets: [{ against: 'floor', max: 1.1 }],
			memory: { against: 'raw' },
		});
	}
}

module.exports = { triggerCases };
