import { ApiSimulator } from '../../simulator';
import { Json, makeClient } from './http-client';

let sim: ApiSimulator;

beforeAll(async () => {
	sim = await ApiSimulator.start();
});
afterAll(async () => {
	await sim.stop();
});
beforeEach(() => sim.reset());

const { call } = makeClient(() => sim);

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
				customer_photo_url: 'https://img.test/a.jpg',
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
		expect(await q('facet=duplicates')).toEqual([4]);
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
});

describe('customers', () => {
	test('create, get, list filters', async () => {
		const c = await call('POST', '/project/customers', {
			body: {
				first_name: 'Eve',
				email: 'eve@example.com',
				company: 'Evil Corp',
				tag_slugs: ['vip'],
				location_slug: 'airport',
				signed_up_at: 1700000000,
			},
		});
		expect(c.json.data).toMatchObject({
			name: 'Eve',
			signed_up_at: 1700000000,
			location: { slug: 'airport' },
			tags: [{ slug: 'vip' }],
		});
		const got = await call('GET', `/project/customers/${c.json.data.id}`);
		expect(got.json.data.email).toBe('eve@example.com');
		const ids = async (s: string) =>
			(await call('GET', `/project/customers?${s}`)).json.data.map((x: Json) => x.id);
		expect(await ids('')).toEqual([4, 2, 1]);
		expect(await ids('facet=archived')).toEqual([3]);
		expect(await ids('facet=all&sort_key=id&sort_dir=asc')).toEqual([1, 2, 3, 4]);
		expect(await ids('email=BOB@example.com')).toEqual([2]);
		expect(await ids('search=evil')).toEqual([4]);
		expect(await ids('tag=vip')).toEqual([4, 1]);
		expect((await call('GET', '/project/customers?sort_key=shoe_size')).status).toBe(422);
		expect(
			(await call('POST', '/project/customers', { body: { photo_url: 'ftp://x/y.png' } })).status,
		).toBe(400);
	});

	test('state changes and sub-lists', async () => {
		const p = sim.defaultProject();
		const alice = p.customers.get(1)!;
		await call('PUT', '/project/customers/1/archive');
		expect(alice.archived_at).not.toBeNull();
		await call('PUT', '/project/customers/1/unarchive');
		expect(alice.archived_at).toBeNull();
		await call('PUT', '/project/customers/1/unsubscribe');
		expect(alice.unsubscribed_at).not.toBeNull();
		await call('PUT', '/project/customers/1/resubscribe');
		expect(alice.unsubscribed_at).toBeNull();
		await call('PUT', '/project/customers/1/notes', { body: { notes: '' } });
		expect(alice.notes).toBe('');
		expect((await call('PUT', '/project/customers/1/notes', { body: {} })).status).toBe(422);
		const photo = await call('PUT', '/project/customers/1/photo', {
			body: { url: 'https://x.test/p.png' },
		});
		expect(photo.json.data).toMatchObject({ id: expect.any(Number), uuid: expect.any(String) });
		expect(alice.photo).not.toBeNull();
		const removed = await call('PUT', '/project/customers/1/photo', { body: { url: null } });
		expect(removed.json.data).toBeUndefined();
		expect(alice.photo).toBeNull();
		await call('PUT', '/project/customers/1/cancel-unsent-messages');
		expect(
			p.messages.items.filter((m) => m.customer_id === 1).every((m) => m.canceled_at !== null),
		).toBe(true);
		expect(p.asks[0].is_complete).toBe(true);
		const tags = await call('PUT', '/project/customers/1/tags', {
			body: { tag_slugs: ['wholesale'] },
		});
		expect(tags.json.data.tags[0]).toMatchObject({
			slug: 'wholesale',
			context: 'customer',
			has_ai_tagging: false,
		});
		const reviews = await call('GET', '/project/customers/1/reviews?per_page=1');
		expect(reviews.json.pagination).toMatchObject({ total: 1, per_page: 1 });
		expect((await call('GET', '/project/customers/1/charges')).json.data).toHaveLength(1);
		expect((await call('GET', '/project/customers/1/messages')).json.data).toHaveLength(2);
		await call('DELETE', '/project/customers/2');
		expect((await call('GET', '/project/customers/2')).json.message).toBe('Customer 2 not found.');
	});
});

describe('charges, messages, sources, templates, asks', () => {
	test('charges', async () => {
		const c = await call('POST', '/project/charges', {
			body: {
				amount: 500,
				currency: 'eur',
				email: 'new@example.com',
				charged_at: '2026-11-22T10:00:00Z',
			},
		});
		expect(c.json.data).toEqual({
			email: 'new@example.com',
			phone: null,
			amount: 500,
			currency: 'EUR',
			charged_at: '2026-11-22T10:00:00+00:00',
		});
		const bad = await call('POST', '/project/charges', { body: { amount: 1.5, currency: 'EURO' } });
		expect(Object.keys(bad.json.errors).sort()).toEqual(['amount', 'currency', 'email', 'phone']);
		const list = await call('GET', '/project/charges?date_from=2026-11-22&date_to=2026-11-22');
		expect(list.json.data.map((x: Json) => x.amount)).toContain(500);
		await call('DELETE', '/project/charges/1');
		expect(sim.defaultProject().customers.get(1)!.charges_count).toBe(0);
	});

	test('messages', async () => {
		const ids = async (s: string) =>
			(await call('GET', `/project/messages?${s}`)).json.data.map((x: Json) => x.id);
		expect(await ids('channel=sms')).toEqual([2]);
		expect(await ids('template=ask-reminder')).toEqual([3]);
		expect(await ids('status=delivered')).toEqual([3]);
		expect(await ids('sort_key=created_at&sort_dir=asc')).toEqual([3, 1, 2]);
		expect(await ids('')).toEqual([2, 1, 3]);
		expect((await call('GET', '/project/messages?sort_key=id')).status).toBe(422);
		expect((await call('GET', '/project/messages?sort_key=channel')).json.message).toBe(
			'The sort key must be a message timestamp.',
		);
		expect((await call('GET', '/project/messages?channel=fax')).status).toBe(422);
		await call('DELETE', '/project/messages/1');
		await call('DELETE', '/project/messages/2');
		expect(sim.defaultProject().asks[0].is_complete).toBe(true);
	});

	test('sources', async () => {
		const a = await call('POST', '/project/sources', { body: { name: 'Google', sprite: '  ' } });
		expect(a.json.data).toMatchObject({ slug: 'google-2', sprite: null });
		expect(
			(await call('POST', '/project/sources', { body: { name: 'X', sprite: 'fa-solid fa-star' } }))
				.status,
		).toBe(422);
		expect(
			(await call('POST', '/project/sources', { body: { name: 'x'.repeat(31) } })).status,
		).toBe(422);
		const up = await call('PUT', '/project/sources/1', { body: { name: 'Google Maps' } });
		expect(up.json.data).toMatchObject({
			name: 'Google Maps',
			slug: 'google',
			sprite: null,
			color: '#4285f4',
		});
		expect(
			(await call('PUT', '/project/sources/2', { body: { name: 'FB', slug: 'google' } })).json
				.errors.slug,
		).toBeDefined();
		const icon = await call('PUT', '/project/sources/3', {
			body: { name: 'Trustpilot', sprite: 'fas fa-star' },
		});
		expect(icon.json.message).toBe('A sprite cannot be set on a source with a custom icon.');
		await call('DELETE', '/project/sources/2');
		expect((await call('GET', '/project/sources')).json.data.map((s: Json) => s.id)).toEqual([
			1,
			3,
			a.json.data.id,
		]);
		expect((await call('PUT', '/project/sources/2', { body: { name: 'FB' } })).status).toBe(404);
	});

	test('share templates', async () => {
		const list = await call('GET', '/project/share-templates');
		expect(list.json.data.map((t: Json) => [t.id, t.is_default])).toEqual([
			[1, true],
			[2, false],
			[3, false],
		]);
		await call('DELETE', '/project/share-templates/1');
		expect(sim.toJson('shareTemplate', 2).is_default).toBe(true);
	});

	test('asks', async () => {
		const a = await call('POST', '/project/asks', {
			body: {
				channels: ['email', 'sms'],
				email: 'z@example.com',
				phone: '+15550109999',
				asked_at: 1800000000,
			},
		});
		expect(a.json.data).toEqual({
			email: 'z@example.com',
			phone: '+15550109999',
			scheduled_at: '2027-01-15T08:00:00+00:00',
		});
		const msgs = sim.defaultProject().messages.items.slice(-2);
		expect(msgs.map((m) => m.scheduled_at)).toEqual([1800000000, 1800000000]);
		const bad = await call('POST', '/project/asks', {
			body: { channels: ['sms'], email: 'z@example.com' },
		});
		expect(bad.json.errors.phone).toBeDefined();
		expect((await call('POST', '/project/asks', { body: { channels: [] } })).status).toBe(422);
	});
});
