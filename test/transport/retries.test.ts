import { NodeApiError } from 'n8n-workflow';

import { useSimulator } from '../harness/simulator-env';
import type { Case } from '../harness/operation-catalogue';
import { AGENCY_KEY_AUTH, CATALOGUE, nameOf, parametersOf } from '../harness/operation-catalogue';

/**
 * Retries never duplicate (contract §5). For every operation: a 429 is retried and the work is done
 * exactly once; a 5xx is retried by GET/PUT/DELETE and never by a POST, which reports the failure and
 * leaves at most the one record the server stored. The fault queue counts requests and records.
 */
const env = useSimulator();
const fast = { requestOptions: { maxRetries: 3 } };
const statusesOf = (c: Case) =>
	env
		.requests(c.method)
		.filter((r) => c.path.test(r.path))
		.map((r) => r.status);
const idempotent = CATALOGUE.filter((c) => c.method !== 'POST');
const posts = CATALOGUE.filter((c) => c.method === 'POST');

/** Runs the case for one item (the first valid one) and answers its result plus the records created. */
async function runOnce(c: Case, extra = {}) {
	const [item] = c.items(env.sim);
	const before = c.created?.(env.sim);
	const result = await env.run(parametersOf(c, { ...fast, ...extra }), { input: [item] });
	const created = before === undefined ? undefined : c.created!(env.sim) - before;
	return { ...result, created, input: item };
}

describe.each(CATALOGUE.map((c) => [nameOf(c), c] as const))('%s', (_name, c) => {
	it('is retried after a 429 (Retry-After honoured) and does its work exactly once', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 0 },
			method: c.method,
			path: c.path,
		});

		const { error, items, created } = await runOnce(c);

		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(statusesOf(c)).toEqual([429, 200]);
		// client.resendInvite re-sends an invitation: it creates no client.
		if (created !== undefined) expect(created).toBe(c.operation === 'resendInvite' ? 0 : 1);
	});
});

describe.each(idempotent.map((c) => [nameOf(c), c] as const))('%s (idempotent)', (_name, c) => {
	it.each([500, 502, 503, 504])('is retried after a %i and succeeds', async (status) => {
		env.sim.injectFault({
			fault: { kind: 'status', status, retryAfter: 0 },
			method: c.method,
			path: c.path,
		});

		const { error } = await runOnce(c);

		expect(error).toBeUndefined();
		expect(statusesOf(c)).toEqual([status, 200]);
	});

	it('meets a 500 after the server did the work: retried, reported done, done once', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 500, retryAfter: 0 },
			method: c.method,
			path: c.path,
			after: true,
		});

		const { error, items, input } = await runOnce(c);

		expect(error).toBeUndefined();
		// A DELETE retried after the record went answers 404: the node knows the delete is done.
		const gone = c.method === 'DELETE' && c.operation !== 'rotateKey';
		expect(statusesOf(c)).toEqual([500, gone ? 404 : 200]);
		if (gone) expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: input.id }]);
	});

	it('gives up after Max Retries: a bounded number of tries, and the last answer reported', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 503, retryAfter: 0 },
			method: c.method,
			path: c.path,
			times: 99,
		});

		const { error } = await runOnce(c, { requestOptions: { maxRetries: 2 } });

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 503: Service Unavailable.');
		expect(statusesOf(c)).toEqual([503, 503, 503]);
	});
});

describe.each(posts.map((c) => [nameOf(c), c] as const))('%s (POST)', (_name, c) => {
	it('meets a 500 after the server stored it: not retried, the failure reported, at most one record', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 500, retryAfter: 0 },
			method: 'POST',
			path: c.path,
			after: true,
		});

		const { error, created } = await runOnce(c);

		expect(error?.message).toBe('The service answered 500: Server Error.');
		expect((error as NodeApiError).httpCode).toBe('500');
		expect(statusesOf(c)).toEqual([500]);
		// The one record the server stored before failing; never a second one.
		if (created !== undefined) expect(created).toBe(c.operation === 'resendInvite' ? 0 : 1);
	});

	it.each([502, 503])(
		'meets a %i before the server stored it: not retried, nothing created',
		async (status) => {
			env.sim.injectFault({
				fault: { kind: 'status', status, retryAfter: 0 },
				method: 'POST',
				path: c.path,
			});

			const { error, created } = await runOnce(c);

			expect(error?.message).toMatch(new RegExp(`^The service answered ${status}`));
			expect(statusesOf(c)).toEqual([status]);
			if (created !== undefined) expect(created).toBe(0);
		},
	);

	it('meets a dropped connection after the server stored it: not retried, at most one record', async () => {
		env.sim.injectFault({ fault: { kind: 'drop' }, method: 'POST', path: c.path, after: true });

		const { error, created } = await runOnce(c);

		expect(error?.message).toMatch(/^Could not reach the service for POST /);
		expect(statusesOf(c)).toEqual([0]);
		if (created !== undefined) expect(created).toBe(c.operation === 'resendInvite' ? 0 : 1);
	});

	it('meets several 429s in a row, then succeeds: exactly one record', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 0 },
			method: 'POST',
			path: c.path,
			times: 3,
		});

		const { error, created } = await runOnce(c);

		expect(error).toBeUndefined();
		expect(statusesOf(c)).toEqual([429, 429, 429, 200]);
		if (created !== undefined) expect(created).toBe(c.operation === 'resendInvite' ? 0 : 1);
	});
});

describe('a 404 on a DELETE is only taken as done after a failure that may have done it', () => {
	const remove = CATALOGUE.find((c) => nameOf(c) === 'review.delete')!;

	it('a 429 then a 404 (the record never existed) is still an error', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 0 },
			method: 'DELETE',
		});

		const { error } = await env.run(parametersOf(remove), { input: [{ id: 999 }] });

		expect(error?.message).toBe('The service answered 404: Review 999 not found.');
		expect(statusesOf(remove)).toEqual([429, 404]);
	});

	it('a dropped answer then a 404 means the first attempt deleted it', async () => {
		env.sim.injectFault({ fault: { kind: 'drop' }, method: 'DELETE', after: true });

		const { error, items } = await env.run(parametersOf(remove), { input: [{ id: 2 }] });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: 2 }]);
		expect(statusesOf(remove)).toEqual([0, 404]);
		expect(env.sim.defaultProject().reviews.get(2)).toBeUndefined();
	});
});

describe('retries with the agency key', () => {
	const create = CATALOGUE.find((c) => nameOf(c) === 'review.create')!;

	it('retries the project key lookup (a GET) after a 5xx, then creates one review', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 502, retryAfter: 0 },
			method: 'GET',
			path: '/agency/projects/1/key',
		});

		const { error, created } = await runOnce(create, AGENCY_KEY_AUTH);

		expect(error).toBeUndefined();
		expect(env.requests('GET', '/agency').map((r) => r.status)).toEqual([502, 200]);
		expect(statusesOf(create)).toEqual([200]);
		expect(created).toBe(1);
	});

	it('a POST through the agency key meeting a 500 is not retried and the key is read once', async () => {
		env.sim.injectFault({
			fault: { kind: 'status', status: 500 },
			method: 'POST',
			path: create.path,
			after: true,
		});

		const { error, created } = await runOnce(create, AGENCY_KEY_AUTH);

		expect(error?.message).toBe('The service answered 500: Server Error.');
		expect(env.requests('GET', '/agency')).toHaveLength(1);
		expect(statusesOf(create)).toEqual([500]);
		expect(created).toBe(1);
	});
});

describe('a 429 on one item holds back the others, and nothing is sent twice', () => {
	it('three creates, the second rate limited once: three records, four POSTs', async () => {
		const create = CATALOGUE.find((c) => nameOf(c) === 'review.create')!;
		const input = create.items(env.sim);
		const before = create.created!(env.sim);
		env.sim.injectFault({
			fault: { kind: 'status', status: 429, retryAfter: 0 },
			method: 'POST',
			path: create.path,
			skip: 1,
		});

		const { error, items } = await env.run(parametersOf(create), { input });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(statusesOf(create)).toEqual([200, 429, 200, 200]);
		expect(create.created!(env.sim) - before).toBe(3);
	});
});
