/** The simulator's test controls added for the trigger's defect tests: request times. */
import { ApiSimulator } from '../../simulator';
import { useSimulator } from './use-simulator';

let sim: ApiSimulator;
const { call } = useSimulator((started) => (sim = started));

describe('test controls', () => {
	test('every logged request carries when it arrived and when it was answered (real ms)', async () => {
		const before = performance.timeOrigin + performance.now();
		sim.injectFault({ fault: { kind: 'hang', ms: 120 }, path: '/project/reviews' });
		expect((await call('GET', '/project/reviews')).status).toBe(200);
		const [logged] = sim.requests;
		expect(logged.receivedAt).toBeGreaterThanOrEqual(before);
		expect(logged.answeredAt! - logged.receivedAt!).toBeGreaterThanOrEqual(100);
	});
});
