/** The simulator's test controls added for the trigger's defect tests: request times, the duplicate facet. */
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

	test('duplicatesOnlyInTheirFacet: the facet `all` leaves duplicates out, `duplicates` lists them', async () => {
		const project = sim.defaultProject();
		const duplicate = sim.addReview(project.id, { score: 3, is_duplicate: true }).id;
		const ids = async (facet: string) =>
			(
				(await call('GET', `/project/reviews?facet=${facet}&per_page=100`)).json.data as Array<{
					id: number;
				}>
			).map((review) => review.id);
		expect(await ids('all')).toContain(duplicate);
		project.duplicatesOnlyInTheirFacet = true;
		expect(await ids('all')).not.toContain(duplicate);
		expect(await ids('duplicates')).toContain(duplicate);
	});
});
