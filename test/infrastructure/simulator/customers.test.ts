/** The simulator's customers (spec 4.4), over HTTP. */
import { ApiSimulator } from '../../simulator';
import { Json } from './http-client';
import { useSimulator } from './use-simulator';

let sim: ApiSimulator;
const { call } = useSimulator((started) => (sim = started));

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
			body: { url: 'https://photos.test/p.png' },
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
