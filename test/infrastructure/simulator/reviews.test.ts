/** The simulator's reviews (spec 4.3), over HTTP. */
import { ApiSimulator } from '../../simulator';
import { Json } from './http-client';
import { useSimulator } from './use-simulator';

let sim: ApiSimulator;
const { call } = useSimulator((started) => (sim = started));

describe('reviews', () => {
	test('create with customer, slugs, photo; validation and 404/400', async () => {
		const r = await call('POST', '/project/reviews', {
			body: {
				score: 4,
				first_name: 'Dan',
				email: 'dan@example.com',
				review: 'Nice',
				location_slug: 'riverside',
				source_slug: 'google',
				tag_slugs: ['great-service'],
				created_at: '2020-01-02T03:04:05Z',
				customer_photo_url: 'https://photos.test/a.jpg',
			},
		});
		expect(r.status).toBe(200);
		expect(r.json.data).toMatchObject({
			score: 4,
			created_at: 1577934245,
			rating: { score: 4, label: 'Good' },
			location: { slug: 'riverside' },
			source: { slug: 'google' },
			tags: [{ slug: 'great-service' }],
		});
		expect(r.json.data.id).toBe(6);
		expect(r.json.data.customer.name).toBe('Dan');
		const c = sim.defaultProject().customerByEmail.get('dan@example.com')!;
		expect(c.photo).not.toBeNull();
		expect((await call('POST', '/project/reviews', { body: { score: 6 } })).json.message).toBe(
			'The score field must be between 1 and 5.',
		);
		expect((await call('POST', '/project/reviews', { body: {} })).json.errors).toEqual({
			score: ['The score field is required.'],
		});
		expect(
			(await call('POST', '/project/reviews', { body: { score: 5, created_at: 'not a date' } }))
				.status,
		).toBe(422);
		expect(
			(await call('POST', '/project/reviews', { body: { score: 5, location_slug: 'nowhere' } }))
				.json,
		).toEqual({ success: false, code: 404, message: 'Location "nowhere" not found.' });
		const photo = await call('POST', '/project/reviews', {
			body: { score: 5, customer_photo_url: 'https://img.test/page.html' },
		});
		expect(photo.status).toBe(400);
		expect(photo.json.message).toBe(
			'The image at https://img.test/page.html could not be downloaded or is not a valid image.',
		);
	});

	test('filters and sorting', async () => {
		const q = async (s: string) =>
			(await call('GET', `/project/reviews?${s}`)).json.data.map((x: Json) => x.id);
		expect(await q('facet=duplicate')).toEqual([4]);
		expect(await q('source=google')).toEqual([5, 1]);
		expect(await q('location=2')).toEqual([5, 2]);
		expect(await q('score=2')).toEqual([3]);
		expect(await q('tag=slow-delivery')).toEqual([3]);
		expect(await q('sort_key=id&sort_dir=asc')).toEqual([1, 2, 3, 5]);
		expect(await q('sort_key=score&sort_dir=desc')).toEqual([1, 2, 5, 3]);
		expect((await call('GET', '/project/reviews?sort_key=nope')).status).toBe(422);
		expect((await call('GET', '/project/reviews?sort_dir=up')).status).toBe(422);
		expect((await call('GET', '/project/reviews?date_from=2020-13-01')).status).toBe(422);
		const inverted = await call('GET', '/project/reviews?date_from=2024-02-02&date_to=2024-02-01');
		expect(inverted.json.errors.date_to).toBeDefined();
		const day = new Date(sim.defaultProject().reviews.get(5)!.created_at * 1000)
			.toISOString()
			.slice(0, 10);
		expect(await q(`date_from=${day}&date_to=${day}`)).toEqual([5]);
		sim.addReview(1, { created_at: 1000 });
		expect((await q('sort_key=id&sort_dir=desc&per_page=1'))[0]).toBe(6);
	});

	test('state changes', async () => {
		const r = sim.defaultProject().reviews.get(1)!;
		await call('PUT', '/project/reviews/1/flag-hidden', { body: { is_hidden: true } });
		expect(r.is_hidden).toBe(true);
		expect(
			(await call('PUT', '/project/reviews/1/flag-hidden', { body: { is_hidden: 'yes' } })).status,
		).toBe(422);
		await call('PUT', '/project/reviews/1/flag-duplicate', { body: { is_duplicate: true } });
		expect(r.is_duplicate).toBe(true);
		sim.setNow(2000000000);
		const mark = await call('PUT', '/project/reviews/1/mark-replied', { body: { replied: true } });
		expect(mark.json).toEqual({ success: true, code: 200 });
		expect(r.replied_at).toBe(2000000000);
		await call('PUT', '/project/reviews/1/reply', { body: { reply: 'Thanks!' } });
		expect(r).toMatchObject({ reply: 'Thanks!', has_reply: true });
		await call('PUT', '/project/reviews/1/mark-replied', { body: { replied: false } });
		expect(r).toMatchObject({ replied_at: null, reply: 'Thanks!' });
		await call('PUT', '/project/reviews/1/tags', {
			body: { tag_slugs: ['follow-up', 'slow-delivery'] },
		});
		expect(sim.toJson('review', 1).tags).toHaveLength(2);
		expect(
			(await call('PUT', '/project/reviews/1/tags', { body: { tag_slugs: ['zzz'] } })).status,
		).toBe(404);
		await call('PUT', '/project/reviews/1/tags', { body: { tag_slugs: [] } });
		expect(r.tag_ids).toEqual([]);
		await call('PUT', '/project/reviews/1/location', { body: { location_slug: 'airport' } });
		expect(sim.toJson('review', 1).location).toMatchObject({ slug: 'airport' });
		await call('PUT', '/project/reviews/1/source', { body: { source_slug: 'facebook' } });
		expect(sim.toJson('review', 1).source).toMatchObject({ slug: 'facebook' });
		await call('DELETE', '/project/reviews/1');
		expect(sim.defaultProject().reviews.get(1)).toBeUndefined();
	});

	test('share image is served as PNG without auth', async () => {
		const img = await call('POST', '/project/reviews/2/share-image', {
			body: { ratio: '9:16', template_id: 2 },
		});
		expect(img.json.data.link).toBe(`${sim.baseUrl}/images/${img.json.data.uuid}.png`);
		const png = await fetch(img.json.data.link);
		expect(png.headers.get('content-type')).toBe('image/png');
		const bytes = Buffer.from(await png.arrayBuffer());
		expect(bytes.subarray(0, 8)).toEqual(
			Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		);
		expect(
			(await call('POST', '/project/reviews/2/share-image', { body: { ratio: 'square' } })).status,
		).toBe(422);
		expect(
			(await call('POST', '/project/reviews/2/share-image', { body: { template_id: 99 } })).status,
		).toBe(404);
		expect((await call('POST', '/project/reviews/2/share-image', { body: {} })).status).toBe(200);
	});

	test('a review deleted and another imported: the list shows the import, not the deleted one (the same length)', async () => {
		const ids = async () =>
			(
				(await call('GET', '/project/reviews?sort_key=id&sort_dir=desc&per_page=100')).json
					.data as Json[]
			).map((review) => review.id as number);
		const before = await ids();
		const [newest] = before;
		sim.removeRecord('review', newest);
		const imported = sim.addReview(sim.defaultProject().id, { score: 3, created_at: 1_000_000 }).id;
		expect(await ids()).toEqual([imported, ...before.slice(1)]);
	});
});
