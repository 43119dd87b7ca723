/** The simulator's HTTP layer: envelope, routing, auth, request log, faults, bulk data, shutdown. */
import { ApiSimulator } from '../../simulator';
import { Json } from './http-client';
import { useSimulator } from './use-simulator';

let sim: ApiSimulator;
const { call } = useSimulator((started) => (sim = started));

describe('envelope, routing, auth', () => {
	test('success envelope and pagination', async () => {
		const r = await call('GET', '/project/reviews?per_page=2');
		expect(r.status).toBe(200);
		expect(r.json.success).toBe(true);
		expect(r.json.code).toBe(200);
		expect(r.json.data).toHaveLength(2);
		expect(r.json.pagination).toEqual({
			current_page: 1,
			from: 1,
			last_page: 2,
			path: `${sim.baseUrl}/project/reviews`,
			per_page: 2,
			to: 2,
			total: 4,
		});
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
		expect((await call('GET', '/project/reviews', { key: null })).json).toEqual({
			success: false,
			code: 401,
			message: 'Unauthenticated.',
		});
		expect((await call('GET', '/project/reviews', { key: 'rcs_proj_nope' })).status).toBe(401);
		expect((await call('GET', '/project/reviews', { key: sim.agencyKey })).status).toBe(401);
		expect((await call('GET', '/agency/projects')).status).toBe(401);
		sim.setProjectSuspended(1, true);
		const suspended = await call('GET', '/project/reviews');
		expect(suspended.status).toBe(403);
		expect(suspended.json.message).toBe('This project is suspended.');
		sim.setProjectSuspended(1, false);
		expect((await call('GET', '/project/nothing')).json.message).toBe('Route not found.');
		expect((await call('DELETE', '/project/reviews/999')).json).toEqual({
			success: false,
			code: 404,
			message: 'Review 999 not found.',
		});
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

describe('faults', () => {
	test('status with Retry-After, consumed once', async () => {
		sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 2 },
			path: '/project/reviews',
		});
		const a = await call('GET', '/project/reviews');
		expect(a.status).toBe(429);
		expect(a.headers.get('retry-after')).toBe('2');
		expect(a.json).toMatchObject({ success: false, code: 429 });
		expect((await call('GET', '/project/reviews')).status).toBe(200);
		expect(sim.requests[0].fault).toBe('status');
	});

	test('after: state changes, answer replaced', async () => {
		sim.injectFault({
			fault: { kind: 'status', status: 500 },
			method: 'POST',
			path: '/project/*',
			after: true,
		});
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
		expect((await call('GET', '/project/reviews')).json).toEqual({
			success: false,
			code: 422,
			message: 'Nope',
		});
		sim.injectFault({ fault: { kind: 'drop' } });
		await expect(fetch(`${sim.baseUrl}/project/reviews`)).rejects.toThrow();
		const answered: string[] = [];
		sim.answering = (request) => answered.push(request.path);
		sim.injectFault({ fault: { kind: 'hang', ms: 1000 }, path: '/project/reviews' });
		const hung = call('GET', '/project/reviews');
		while (!sim.requests.some((r) => r.fault === 'hang'))
			await new Promise((resolve) => setImmediate(resolve));
		expect((await call('GET', '/project/sources')).status).toBe(200);
		expect((await hung).status).toBe(200);
		// The hang holds its own request only: one sent after it is answered first.
		expect(answered).toEqual(['/project/sources', '/project/reviews']);
		sim.answering = undefined;
		sim.injectFault({ fault: { kind: 'status', status: 503 }, times: 2 });
		expect((await call('GET', '/project/reviews')).status).toBe(503);
		expect((await call('GET', '/project/reviews')).status).toBe(503);
		expect((await call('GET', '/project/reviews')).status).toBe(200);
		const faulted = sim.requests.filter((r) => r.path !== '/project/sources');
		expect(faulted.map((r) => r.fault ?? null)).toEqual([
			'malformed',
			'html',
			'successFalse',
			'drop',
			'hang',
			'status',
			'status',
			null,
		]);
	});
});

// How fast the simulator seeds and pages is measured by `npm run bench`, not asserted here.
describe('bulk and shutdown', () => {
	test('100,000 reviews: seeded and paged to the last page', async () => {
		sim.addReviews(1, 100000, { source_slug: 'google' });
		const first = await call('GET', '/project/reviews?sort_key=id&sort_dir=desc&per_page=100');
		expect(first.json.pagination).toMatchObject({ total: 100004, last_page: 1001 });
		expect(first.json.data).toHaveLength(100);
		expect(first.json.data[0].id).toBe(100005);
		const last = await call(
			'GET',
			'/project/reviews?sort_key=id&sort_dir=desc&per_page=100&page=1001',
		);
		expect(last.json.data.map((x: Json) => x.id)).toEqual([5, 3, 2, 1]);
	});

	test('stop closes keep-alive sockets', async () => {
		const other = await ApiSimulator.start({ seed: false });
		await fetch(`${other.baseUrl}/agency/projects`, {
			headers: { Authorization: `Bearer ${other.agencyKey}` },
		});
		expect(() => other.defaultProject()).toThrow();
		await other.stop();
	});
});
