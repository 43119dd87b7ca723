/**
 * One simulator per test file, back to its seeded state before each test:
 *   let sim: ApiSimulator;
 *   const { call, agency } = useSimulator((started) => (sim = started));
 */
import { ApiSimulator } from '../../simulator';
import { makeClient } from './http-client';

export function useSimulator(onStart: (sim: ApiSimulator) => void) {
	let sim: ApiSimulator;
	beforeAll(async () => {
		sim = await ApiSimulator.start();
		onStart(sim);
	});
	afterAll(async () => {
		await sim.stop();
	});
	beforeEach(() => sim.reset());
	return makeClient(() => sim);
}
