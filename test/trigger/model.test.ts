/**
 * The trigger against a reference model (issue 29 item 6, issue 32): seeded random histories drive one
 * trigger through n8n's real PollContext against the simulator over HTTP; a plain model of the
 * contract (test/trigger/model/reference.ts) says which occurrences must fire once, must not fire, or
 * may fire. A failing seed is reported with its shortest history (steps deleted while it still fails).
 *
 * MODEL_SEEDS=17 or MODEL_SEEDS=100-199 runs other seeds (npm run soak runs many, in parallel).
 */
import { ApiSimulator } from '../simulator';
import { generate } from './model/history';
import { explain, runHistory } from './model/run';

/** The fixed seeds of `npm test`. */
const FIXED = Array.from({ length: 24 }, (_, i) => 1 + i);

function seedsFromEnv(spec: string | undefined): number[] {
	if (!spec) return FIXED;
	return spec.split(',').flatMap((part) => {
		const [from, to] = part.split('-').map(Number);
		return to === undefined ? [from] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
	});
}

let sim: ApiSimulator;
beforeAll(async () => {
	sim = await ApiSimulator.start();
});
afterAll(async () => {
	await sim.stop();
});

const seeds = seedsFromEnv(process.env.MODEL_SEEDS);
/** How many failing seeds of this run are shrunk (npm run soak limits it; shrinking costs many runs). */
let shrinks = Number(process.env.MODEL_SHRINK ?? Infinity);

it.each(seeds)(
	'seed %i: every occurrence fires as the contract says',
	async (seed) => {
		const history = generate(seed);
		const failures = await runHistory(sim, history);
		if (failures.length > 0) throw new Error(await explain(sim, history, failures, shrinks-- > 0));
	},
	120_000,
);
