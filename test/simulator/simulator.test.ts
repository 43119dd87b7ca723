import { ApiSimulator } from './index';

let sim: ApiSimulator;

beforeAll(async () => {
	sim = await ApiSimulator.start();
});
afterAll(async () => {
	await sim.stop();
});
beforeEach(() => sim.reset());

type Json = Record<string, any>;

async function call(method: string, path: string, opts: { key?: string | null; body?: unknown; raw?: string } = {}): Promise<{ status: number; json: Json; headers: Headers }> {
	const headers: Record<string, string> = { Accept: 'application/json' };
	const key = opts.key === undefined ? sim.defaultProject().key : opts.key;
	if (key !== null) headers.Authorization = `Bearer ${key}`;
	let body: string | undefined;
	if (opts.raw !== undefined) body = opts.raw;
	else if (opts.body !== undefined) body = JSON.stringify(opts.body);
	if (body !== undefined) headers['Content-Type'] = 'application/json';
	const res = await fetch(sim.baseUrl + path, { method, headers, body });
	const text = await res.text();
	let json: Json;
	try {
		json = JSON.parse(text);
	} catch {
		json = { text };
	}
	return { status: res.status, json, headers: res.headers };
}
const agency = (method: string, path: string, body?: unknown) => call(method, path, { key: sim.agencyKey, body });

describe('envelope, routing, auth', () => {
	test('success envelope and pagination', async () => {
		const r = await call('GET', '/project/reviews?per_page=2');
		expect(r.status).toBe(200);
		expect(r.json.success).toBe(true);
		expect(r.json.code).toBe(200);
		expect(r.json.data).toHaveLength(2);
		expect(r.json.pagination).toEqual({ current_page: 1, from: 1, last_page: 2, path: `${sim.baseUrl}/project/reviews`, per_page: 2, to: 2, total: 4 });
		const ids = r.json.data.map((x: Json) => x.id);
		expect(ids).toEqual([5, 3]); // newest first, duplicate (4) excluded
	});

	test('page beyond the last, clamp, per_page < 1', async () => {
		const beyond = await call('GET', '/project/reviews?page=9');
		expect(beyond.json.data).toEqual([]);
		expect(beyond.json.pagination).toMatchObject({ from: null, to: null, last_page: 1, total: 4 });
		const clamped = await call('GET', '/project/customers?per_page=1000');
		expect(clamped.json.pagination.per_page).toBe(100);
		const bad = await call('GET', '/project/customers?per_page=0');
		expect(bad.status).toBe(422);
		expect(bad.json.errors.per_page).toBeDefined();
	});

	test('401 / 403 / 404 / 405 / 400', async () => {
		expect((await call('GET', '/project/reviews', { key: null })).json).toEqual({ success: false, code: 401, message: 'Unauthenticated.' });
		expect((await call('GET', '/project/reviews', { key: 'rcs_proj_nope' })).status).toBe(401);
		expect((await call('GET', '/project/reviews', { key: sim.agencyKey })).status).toBe(401);
		expect((await call('GET', '/agency/projects')).status).toBe(401);
		sim.setProjectSuspended(1, true);
		const suspended = await call('GET', '/project/reviews');
		expect(suspended.status).toBe(403);
		expect(suspended.json.message).toBe('This project is suspended.');
		sim.setProjectSuspended(1, false);
		expect((await call('GET', '/project/nothing')).json.message).toBe('Route not found.');
		expect((await call('DELETE', '/project/reviews/999')).json).toEqual({ success: false, code: 404, message: 'Review 999 not found.' });
		expect((await call('DELETE', '/project/reviews/abc')).status).toBe(404);
		expect((await call('PATCH', '/project/reviews/1')).status).toBe(405);
		const malformed = await call('POST', '/project/reviews', { raw: '{nope' });
		expect(malformed.status).toBe(400);
		expect(malformed.json.message).toBe('Malformed JSON body.');
	});

	test('request log', async () => {
		await call('GET', '/project/reviews?tag[]=a&tag[]=b&x=1&x=2&y=3');
		await call('POST', '/project/sources', { body: { name: 'Yelp' } });
		const [get, post] = sim.requests;
		expect(get.query).toEqual({ tag: ['a', 'b'], x: ['1', '2'], y: '3' });
		expect(get.authorization).toBe(`Bearer ${sim.defaultProject().key}`);
		expect(get.headers.authorization).toBe(get.authorization);
		expect(post.body).toEqual({ name: 'Yelp' });
		expect(post.status).toBe(200);
		sim.clearLog();
		expect(sim.requests).toHaveLength(0);
	});
});

describe('agency', () => {
	test('projects, keys, rotation, duplicate, overrides, suspend', async () => {
		const created = await agency('POST', '/agency/projects', { name: 'Beta Shop' });
		expect(created.json.data).toMatchObject({ name: 'Beta Shop', is_suspended: false, features: { api: true, customers: 5000 } });
		const id = created.json.data.id;
		const key = (await agency('GET', `/agency/projects/${id}/key`)).json.data;
		expect(key).toMatch(/^rcs_proj_[0-9a-f]{32}$/);
		expect((await call('GET', '/project/sources', { key })).json.data).toEqual([]);
		const rotated = (await agency('DELETE', `/agency/projects/${id}/key`)).json.data;
		expect(rotated).not.toBe(key);
		expect((await call('GET', '/project/sources', { key })).status).toBe(401);
		expect((await call('GET', '/project/sources', { key: rotated })).status).toBe(200);
		const short = await agency('POST', '/agency/projects', { name: 'ab' });
		expect(short.status).toBe(422);
		expect(short.json.message).toBe('The name field must be at least 3 characters.');
		const dup = await agency('POST', '/agency/projects/1/duplicate', { name: 'Acme Copy' });
		const copy = sim.state.projects.find((p) => p.id === dup.json.data.id)!;
		expect(copy.sources.map((s) => s.slug)).toEqual(['google', 'facebook', 'trustpilot']);
		expect(copy.reviews.size).toBe(0);
		const ov = await agency('PUT', '/agency/projects/1/overrides', { customers: 10, webhooks: true, daily_sms_requests: 5 });
		expect(ov.json.data.features).toMatchObject({ customers: 10, webhooks: true });
		expect(sim.defaultProject().limits.daily_sms_requests).toBe(5);
		const bad = await agency('PUT', '/agency/projects/1/overrides', { customers: 'many', api: 'yes' });
		expect(bad.status).toBe(422);
		expect(bad.json.message).toBe('The customers field must be an integer. (and 1 more error)');
		expect((await agency('PUT', '/agency/projects/1/suspend')).json.data.is_suspended).toBe(true);
		expect((await call('GET', '/project/reviews')).status).toBe(403);
		expect((await agency('PUT', '/agency/projects/1/unsuspend')).json.data.is_suspended).toBe(false);
		await agency('DELETE', `/agency/projects/${id}`);
		expect((await call('GET', '/project/sources', { key: rotated })).status).toBe(401);
		const list = await agency('GET', '/agency/projects');
		expect(list.json.pagination).toBeUndefined();
	});

	test('clients', async () => {
		const bad = await agency('POST', '/agency/clients', { email: 'nope', project_ids: [], role_slug: 'owner' });
		expect(bad.status).toBe(422);
		expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'project_ids', 'role_slug']);
		const c = await agency('POST', '/agency/clients', { email: 'c@example.com', project_ids: [1], section_ids: [1, 2] });
		expect(c.json.data).toMatchObject({ role_slug: 'viewer', invite_email: 'c@example.com', joined_at: null });
		expect(c.json.data.sections.map((s: Json) => s.slug)).toEqual(['reviews', 'customers']);
		expect(c.json.data.projects[0].name).toBe('Acme Bakery');
		expect((await agency('POST', '/agency/clients', { email: 'd@example.com', project_ids: [1], section_ids: [9] })).status).toBe(422);
		const up = await agency('PUT', `/agency/clients/${c.json.data.id}`, { role_slug: 'editor' });
		expect(up.json.data).toMatchObject({ role_slug: 'editor', invite_email: 'c@example.com' });
		sim.setNow(sim.now() + 100);
		const resent = await agency('POST', `/agency/clients/${c.json.data.id}/resend-invite`);
		expect(resent.json.data.invited_at).toBe(sim.now());
		sim.setNow(undefined);
		const joined = sim.addClient({ joined: true });
		const r = await agency('POST', `/agency/clients/${joined.id}/resend-invite`);
		expect(r.status).toBe(422);
		expect(r.json.message).toBe('The client has already joined.');
		await agency('DELETE', `/agency/clients/${c.json.data.id}`);
		expect((await agency('GET', '/agency/clients')).json.data).toHaveLength(1);
	});
});

describe('reviews', () => {
	test('create with customer, slugs, photo; validation and 404/400', async () => {
		const r = await call('POST', '/project/reviews', {
			body: { score: 4, first_name: 'Dan', email: 'dan@example.com', review: 'Nice', location_slug: 'riverside', source_slug: 'google', tag_slugs: ['great-service'], created_at: '2020-01-02T03:04:05Z', customer_photo_url: 'https://img.test/a.jpg' },
		});
		expect(r.status).toBe(200);
		expect(r.json.data).toMatchObject({ score: 4, created_at: 1577934245, rating: { score: 4, label: 'Good' }, location: { slug: 'riverside' }, source: { slug: 'google' }, tags: [{ slug: 'great-service' }] });
		expect(r.json.data.id).toBe(6);
		expect(r.json.data.customer.name).toBe('Dan');
		const c = sim.defaultProject().customerByEmail.get('dan@example.com')!;
		expect(c.photo).not.toBeNull();
		expect((await call('POST', '/project/reviews', { body: { score: 6 } })).json.message).toBe('The score field must be between 1 and 5.');
		expect((await call('POST', '/project/reviews', { body: {} })).json.errors).toEqual({ score: ['The score field is required.'] });
		expect((await call('POST', '/project/reviews', { body: { score: 5, created_at: 'not a date' } })).status).toBe(422);
		expect((await call('POST', '/project/reviews', { body: { score: 5, location_slug: 'nowhere' } })).json).toEqual({ success: false, code: 404, message: 'Location "nowhere" not found.' });
		const photo = await call('POST', '/project/reviews', { body: { score: 5, customer_photo_url: 'https://img.test/page.html' } });
		expect(photo.status).toBe(400);
		expect(photo.json.message).toBe('The image at https://img.test/page.html could not be downloaded or is not a valid image.');
	});

	test('filters and sorting', async () => {
		const q = async (s: string) => (await call('GET', `/project/reviews?${s}`)).json.data.map((x: Json) => x.id);
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
		const day = new Date(sim.defaultProject().reviews.get(5)!.created_at * 1000).toISOString().slice(0, 10);
		expect(await q(`date_from=${day}&date_to=${day}`)).toEqual([5]);
		sim.addReview(1, { created_at: 1000 });
		expect((await q('sort_key=id&sort_dir=desc&per_page=1'))[0]).toBe(6);
	});

	test('state changes', async () => {
		const r = sim.defaultProject().reviews.get(1)!;
		await call('PUT', '/project/reviews/1/flag-hidden', { body: { is_hidden: true } });
		expect(r.is_hidden).toBe(true);
		expect((await call('PUT', '/project/reviews/1/flag-hidden', { body: { is_hidden: 'yes' } })).status).toBe(422);
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
		await call('PUT', '/project/reviews/1/tags', { body: { tag_slugs: ['follow-up', 'slow-delivery'] } });
		expect(sim.toJson('review', 1).tags).toHaveLength(2);
		expect((await call('PUT', '/project/reviews/1/tags', { body: { tag_slugs: ['zzz'] } })).status).toBe(404);
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
		const img = await call('POST', '/project/reviews/2/share-image', { body: { ratio: '9:16', template_id: 2 } });
		expect(img.json.data.link).toBe(`${sim.baseUrl}/images/${img.json.data.uuid}.png`);
		const png = await fetch(img.json.data.link);
		expect(png.headers.get('content-type')).toBe('image/png');
		const bytes = Buffer.from(await png.arrayBuffer());
		expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
		expect((await call('POST', '/project/reviews/2/share-image', { body: { ratio: 'square' } })).status).toBe(422);
		expect((await call('POST', '/project/reviews/2/share-image', { body: { template_id: 99 } })).status).toBe(404);
		expect((await call('POST', '/project/reviews/2/share-image', { body: {} })).status).toBe(200);
	});
});

describe('customers', () => {
	test('create, get, list filters', async () => {
		const c = await call('POST', '/project/customers', { body: { first_name: 'Eve', email: 'eve@example.com', company: 'Evil Corp', tag_slugs: ['vip'], location_slug: 'airport', signed_up_at: 1700000000 } });
		expect(c.json.data).toMatchObject({ name: 'Eve', signed_up_at: 1700000000, location: { slug: 'airport' }, tags: [{ slug: 'vip' }] });
		const got = await call('GET', `/project/customers/${c.json.data.id}`);
		expect(got.json.data.email).toBe('eve@example.com');
		const ids = async (s: string) => (await call('GET', `/project/customers?${s}`)).json.data.map((x: Json) => x.id);
		expect(await ids('')).toEqual([4, 2, 1]);
		expect(await ids('facet=archived')).toEqual([3]);
		expect(await ids('facet=all&sort_key=id&sort_dir=asc')).toEqual([1, 2, 3, 4]);
		expect(await ids('email=BOB@example.com')).toEqual([2]);
		expect(await ids('search=evil')).toEqual([4]);
		expect(await ids('tag=vip')).toEqual([4, 1]);
		expect((await call('GET', '/project/customers?sort_key=shoe_size')).status).toBe(422);
		expect((await call('POST', '/project/customers', { body: { photo_url: 'ftp://x/y.png' } })).status).toBe(400);
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
		const photo = await call('PUT', '/project/customers/1/photo', { body: { url: 'https://x.test/p.png' } });
		expect(photo.json.data).toMatchObject({ id: expect.any(Number), uuid: expect.any(String) });
		expect(alice.photo).not.toBeNull();
		const removed = await call('PUT', '/project/customers/1/photo', { body: { url: null } });
		expect(removed.json.data).toBeUndefined();
		expect(alice.photo).toBeNull();
		await call('PUT', '/project/customers/1/cancel-unsent-messages');
		expect(p.messages.items.filter((m) => m.customer_id === 1).every((m) => m.canceled_at !== null)).toBe(true);
		expect(p.asks[0].is_complete).toBe(true);
		const tags = await call('PUT', '/project/customers/1/tags', { body: { tag_slugs: ['wholesale'] } });
		expect(tags.json.data.tags[0]).toMatchObject({ slug: 'wholesale', context: 'customer', has_ai_tagging: false });
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
		const c = await call('POST', '/project/charges', { body: { amount: 500, currency: 'eur', email: 'new@example.com', charged_at: '2026-11-22T10:00:00Z' } });
		expect(c.json.data).toEqual({ email: 'new@example.com', phone: null, amount: 500, currency: 'EUR', charged_at: '2026-11-22T10:00:00+00:00' });
		const bad = await call('POST', '/project/charges', { body: { amount: 1.5, currency: 'EURO' } });
		expect(Object.keys(bad.json.errors).sort()).toEqual(['amount', 'currency', 'email', 'phone']);
		const list = await call('GET', '/project/charges?date_from=2026-11-22&date_to=2026-11-22');
		expect(list.json.data.map((x: Json) => x.amount)).toContain(500);
		await call('DELETE', '/project/charges/1');
		expect(sim.defaultProject().customers.get(1)!.charges_count).toBe(0);
	});

	test('messages', async () => {
		const ids = async (s: string) => (await call('GET', `/project/messages?${s}`)).json.data.map((x: Json) => x.id);
		expect(await ids('channel=sms')).toEqual([2]);
		expect(await ids('template=ask-reminder')).toEqual([3]);
		expect(await ids('status=delivered')).toEqual([3]);
		expect(await ids('sort_key=created_at&sort_dir=asc')).toEqual([3, 1, 2]);
		expect(await ids('')).toEqual([2, 1, 3]);
		expect((await call('GET', '/project/messages?sort_key=id')).status).toBe(422);
		expect((await call('GET', '/project/messages?sort_key=channel')).json.message).toBe('The sort key must be a message timestamp.');
		expect((await call('GET', '/project/messages?channel=fax')).status).toBe(422);
		await call('DELETE', '/project/messages/1');
		await call('DELETE', '/project/messages/2');
		expect(sim.defaultProject().asks[0].is_complete).toBe(true);
	});

	test('sources', async () => {
		const a = await call('POST', '/project/sources', { body: { name: 'Google', sprite: '  ' } });
		expect(a.json.data).toMatchObject({ slug: 'google-2', sprite: null });
		expect((await call('POST', '/project/sources', { body: { name: 'X', sprite: 'fa-solid fa-star' } })).status).toBe(422);
		expect((await call('POST', '/project/sources', { body: { name: 'x'.repeat(31) } })).status).toBe(422);
		const up = await call('PUT', '/project/sources/1', { body: { name: 'Google Maps' } });
		expect(up.json.data).toMatchObject({ name: 'Google Maps', slug: 'google', sprite: null, color: '#4285f4' });
		expect((await call('PUT', '/project/sources/2', { body: { name: 'FB', slug: 'google' } })).json.errors.slug).toBeDefined();
		const icon = await call('PUT', '/project/sources/3', { body: { name: 'Trustpilot', sprite: 'fas fa-star' } });
		expect(icon.json.message).toBe('A sprite cannot be set on a source with a custom icon.');
		await call('DELETE', '/project/sources/2');
		expect((await call('GET', '/project/sources')).json.data.map((s: Json) => s.id)).toEqual([1, 3, a.json.data.id]);
		expect((await call('PUT', '/project/sources/2', { body: { name: 'FB' } })).status).toBe(404);
	});

	test('share templates', async () => {
		const list = await call('GET', '/project/share-templates');
		expect(list.json.data.map((t: Json) => [t.id, t.is_default])).toEqual([[1, true], [2, false], [3, false]]);
		await call('DELETE', '/project/share-templates/1');
		expect(sim.toJson('shareTemplate', 2).is_default).toBe(true);
	});

	test('asks', async () => {
		const a = await call('POST', '/project/asks', { body: { channels: ['email', 'sms'], email: 'z@example.com', phone: '+15550109999', asked_at: 1800000000 } });
		expect(a.json.data).toEqual({ email: 'z@example.com', phone: '+15550109999', scheduled_at: '2027-01-15T08:00:00+00:00' });
		const msgs = sim.defaultProject().messages.items.slice(-2);
		expect(msgs.map((m) => m.scheduled_at)).toEqual([1800000000, 1800000000]);
		const bad = await call('POST', '/project/asks', { body: { channels: ['sms'], email: 'z@example.com' } });
		expect(bad.json.errors.phone).toBeDefined();
		expect((await call('POST', '/project/asks', { body: { channels: [] } })).status).toBe(422);
	});
});

describe('faults', () => {
	test('status with Retry-After, consumed once', async () => {
		sim.injectFault({ fault: { kind: 'status', status: 429, retryAfter: 2 }, path: '/project/reviews' });
		const a = await call('GET', '/project/reviews');
		expect(a.status).toBe(429);
		expect(a.headers.get('retry-after')).toBe('2');
		expect(a.json).toMatchObject({ success: false, code: 429 });
		expect((await call('GET', '/project/reviews')).status).toBe(200);
		expect(sim.requests[0].fault).toBe('status');
	});

	test('after: state changes, answer replaced', async () => {
		sim.injectFault({ fault: { kind: 'status', status: 500 }, method: 'POST', path: '/project/*', after: true });
		const r = await call('POST', '/project/sources', { body: { name: 'Yelp' } });
		expect(r.status).toBe(500);
		expect(sim.defaultProject().sources.some((s) => s.slug === 'yelp')).toBe(true);
	});

	test('malformed, html, successFalse, drop, hang, regex, times', async () => {
		sim.injectFault({ fault: { kind: 'malformed' }, path: /reviews/ });
		const m = await fetch(`${sim.baseUrl}/project/reviews`);
		expect(m.status).toBe(200);
		await expect(m.json()).rejects.toThrow();
		sim.injectFault({ fault: { kind: 'html', status: 502 } });
		const h = await fetch(`${sim.baseUrl}/anything`);
		expect(h.status).toBe(502);
		expect(await h.text()).toContain('<html>');
		sim.injectFault({ fault: { kind: 'successFalse', code: 422, message: 'Nope' } });
		expect((await call('GET', '/project/reviews')).json).toEqual({ success: false, code: 422, message: 'Nope' });
		sim.injectFault({ fault: { kind: 'drop' } });
		await expect(fetch(`${sim.baseUrl}/project/reviews`)).rejects.toThrow();
		sim.injectFault({ fault: { kind: 'hang', ms: 150 } });
		const t = Date.now();
		expect((await call('GET', '/project/reviews')).status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(140);
		sim.injectFault({ fault: { kind: 'status', status: 503 }, times: 2 });
		expect((await call('GET', '/project/reviews')).status).toBe(503);
		expect((await call('GET', '/project/reviews')).status).toBe(503);
		expect((await call('GET', '/project/reviews')).status).toBe(200);
		expect(sim.requests.map((r) => r.fault ?? null)).toEqual(['malformed', 'html', 'successFalse', 'drop', 'hang', 'status', 'status', null]);
	});
});

describe('bulk and speed', () => {
	test('100,000 reviews: seed and list fast', async () => {
		const t0 = Date.now();
		sim.addReviews(1, 100000, { source_slug: 'google' });
		expect(Date.now() - t0).toBeLessThan(1000);
		await call('GET', '/project/reviews?per_page=100');
		const t1 = performance.now();
		const r = await call('GET', '/project/reviews?sort_key=id&sort_dir=desc&per_page=100');
		expect(performance.now() - t1).toBeLessThan(200);
		expect(r.json.pagination.total).toBe(100004);
		expect(r.json.data[0].id).toBe(100005);
	});

	test('stop closes keep-alive sockets', async () => {
		const other = await ApiSimulator.start({ seed: false });
		await fetch(`${other.baseUrl}/agency/projects`, { headers: { Authorization: `Bearer ${other.agencyKey}` } });
		expect(() => other.defaultProject()).toThrow();
		await other.stop();
	});
});
