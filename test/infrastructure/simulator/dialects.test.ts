/**
 * The simulator follows the spec where it speaks (each test quotes it), under every dialect; where the spec
 * is silent, each dialect answers as its service chose (test/simulator/dialect.ts).
 */
import { ApiSimulator } from '../../simulator';
import { DIALECTS } from '../../simulator/dialect';
import { makeClient } from './http-client';

describe.each(DIALECTS.map((d) => [d.name]))('dialect %s, where the spec speaks', (name) => {
	let sim: ApiSimulator;
	beforeAll(async () => (sim = await ApiSimulator.start({ dialect: name })));
	afterAll(async () => await sim.stop());
	beforeEach(() => sim.reset());
	const { call: send } = makeClient(() => sim);
	const call = async (method: string, path: string, body?: unknown) =>
		await send(method, path, { body });
	const ids = (answer: { json: { data?: unknown } }) =>
		(answer.json.data as Array<{ id: number }>).map((r) => r.id);

	test('"non-duplicate reviews are returned unless the duplicate facet is selected"', async () => {
		const duplicate = sim.addReview(sim.defaultProject().id, { score: 3, is_duplicate: true }).id;
		// Listed now on every dialect (late-joins may list a new record seconds late).
		sim.joinLate('reviews', duplicate, 0);
		const facet = sim.dialect.names.facet;
		expect(ids(await call('GET', '/project/reviews'))).not.toContain(duplicate);
		expect(ids(await call('GET', `/project/reviews?${facet}=all`))).not.toContain(duplicate);
		const listed = await call('GET', `/project/reviews?${facet}=${sim.dialect.duplicateFacet}`);
		expect(ids(listed)).toContain(duplicate);
		for (const review of listed.json.data as Array<{ is_duplicate: boolean }>)
			expect(review.is_duplicate).toBe(true);
	});

	test('"A slug that names a location, source or tag that does not exist returns 404"', async () => {
		const n = sim.dialect.names;
		for (const query of [
			`${n.reviewSource}=no-such-source`,
			`${n.reviewLocation}=no-such-location`,
			`${n.reviewTag}=no-such-tag`,
		])
			expect((await call('GET', `/project/reviews?${query}`)).status).toBe(404);
		expect((await call('GET', `/project/customers?${n.customerTag}=no-such-tag`)).status).toBe(404);
		const { slug } = sim.defaultProject().sources[0];
		expect((await call('GET', `/project/reviews?${n.reviewSource}=${slug}`)).status).toBe(200);
	});

	test('a photo URL that "cannot be fetched or is not a valid image" gets HTTP 400', async () => {
		for (const url of ['https://images.example.com/a.png', sim.photoUrl('page.html')]) {
			expect(
				(await call('POST', '/project/reviews', { score: 5, customer_photo_url: url })).status,
			).toBe(400);
			expect(
				(await call('POST', '/project/customers', { email: 'a@b.co', photo_url: url })).status,
			).toBe(400);
		}
		const created = await call('POST', '/project/customers', {
			email: 'a@b.co',
			photo_url: sim.photoUrl('a.png'),
		});
		expect(created.status).toBe(200);
	});

	test('"Slugs are URL-friendly identifiers": a source slug with a space is refused', async () => {
		const { id } = sim.defaultProject().sources[0];
		const answer = await call('PUT', `/project/sources/${id}`, { name: 'Web', slug: 'our web' });
		expect([400, 422]).toContain(answer.status);
		expect(answer.json.message).toMatch(/slug/);
	});

	test('"Date filter bounds are calendar dates": the review date keys are its datetime columns', async () => {
		expect(
			(await call('GET', '/project/reviews?date_key=replied_at&date_from=2020-01-01')).status,
		).toBe(200);
		expect(
			(await call('GET', '/project/reviews?date_key=updated_at&date_from=2020-01-01')).status,
		).not.toBe(200);
	});
});

describe('where the spec is silent, each dialect answers as its service chose', () => {
	let sim: ApiSimulator;
	beforeAll(async () => (sim = await ApiSimulator.start()));
	afterAll(async () => await sim.stop());
	beforeEach(() => sim.reset());
	const { call: send } = makeClient(() => sim);
	const call = async (method: string, path: string, body?: unknown) =>
		await send(method, path, { body });

	test("page size: per_page honoured up to the dialect's largest page, or ignored", async () => {
		const project = sim.defaultProject().id;
		for (let i = 0; i < 120; i++) sim.addReview(project, { score: 4 });
		const perPage = async () =>
			((await call('GET', '/project/reviews?per_page=100')).json.pagination as { per_page: number })
				.per_page;
		expect(await perPage()).toBe(100);
		sim.setDialect('strict-25');
		expect(await perPage()).toBe(25);
		sim.setDialect('page-size-ignored');
		expect(await perPage()).toBe(15);
		const limited = await call('GET', '/project/reviews?limit=40');
		expect((limited.json.pagination as { per_page: number }).per_page).toBe(40);
	});

	test('facet values: the guessed one refused where the service named it otherwise', async () => {
		expect((await call('GET', '/project/reviews?facet=duplicate')).status).toBe(200);
		expect((await call('GET', '/project/reviews?facet=duplicates')).status).toBe(422);
		sim.setDialect('plural-facet');
		expect((await call('GET', '/project/reviews?facet=duplicate')).status).toBe(422);
		expect((await call('GET', '/project/customers?facet=all')).status).toBe(422);
		sim.setDialect('other-names');
		// An unknown parameter is ignored, like any the service does not know.
		expect((await call('GET', '/project/reviews?facet=duplicates')).status).toBe(200);
	});

	test("other names: the package's filter and sort direction are ignored", async () => {
		const project = sim.defaultProject().id;
		sim.addReview(project, { score: 1 });
		sim.addReview(project, { score: 5 });
		sim.setDialect('other-names');
		const scores = async (query: string) =>
			((await call('GET', `/project/reviews?${query}`)).json.data as Array<{ score: number }>).map(
				(r) => r.score,
			);
		expect(new Set(await scores('score=5')).size).toBeGreaterThan(1);
		expect(new Set(await scores('rating=5'))).toEqual(new Set([5]));
		const created = async (query: string) =>
			(
				(await call('GET', `/project/reviews?sort_key=id&${query}`)).json.data as Array<{
					id: number;
				}>
			).map((r) => r.id);
		const asc = await created('order=asc');
		expect(asc).toEqual([...asc].sort((a, b) => a - b));
		expect(await created('sort_dir=asc')).toEqual([...asc].reverse());
	});

	test('error bodies and the status of a validation failure', async () => {
		const bad = async () => await call('POST', '/project/reviews', { score: 9 });
		expect((await bad()).status).toBe(422);
		expect((await bad()).json).toMatchObject({ success: false, code: 422 });
		sim.setDialect('other-errors');
		const answer = await bad();
		expect(answer.status).toBe(400);
		expect(answer.json.success).toBeUndefined();
		expect(answer.json.message).toMatch(/score/);
	});

	test('a reply sets replied_at in one dialect, not in another', async () => {
		const review = sim.addReview(sim.defaultProject().id, { score: 2 });
		await call('PUT', `/project/reviews/${review.id}/reply`, { reply: 'Thanks' });
		expect(sim.defaultProject().reviews.get(review.id)!.replied_at).toBeNull();
		sim.setDialect('other-errors');
		const other = sim.addReview(sim.defaultProject().id, { score: 2 });
		await call('PUT', `/project/reviews/${other.id}/reply`, { reply: 'Thanks' });
		expect(sim.defaultProject().reviews.get(other.id)!.replied_at).toEqual(expect.any(Number));
	});
});
