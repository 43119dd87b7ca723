import { NodeApiError } from 'n8n-workflow';

import { useSimulator } from '../harness/simulator-env';
import type { Case } from '../harness/operation-catalogue';
import { AGENCY_KEY_AUTH, CATALOGUE, nameOf, parametersOf } from '../harness/operation-catalogue';

/**
 * Timeouts: a request that hangs past "Request Options → Timeout" fails clearly (which request, how
 * long) instead of hanging the workflow. Idempotent requests get their retries; a POST does not, and
 * the server never acts on a request the node gave up on. The simulator's hang is 10× the timeout.
 */
const env = useSimulator();
const TIMEOUT = 150;
const HANG = TIMEOUT * 10;
const statusesOf = (c: Case) =>
	env
		.requests(c.method)
		.filter((r) => c.path.test(r.path))
		.map((r) => r.status);

describe.each(CATALOGUE.map((c) => [nameOf(c), c] as const))('%s', (_name, c) => {
	it('fails clearly when the request hangs past the timeout', async () => {
		const [item] = c.items(env.sim);
		const before = c.created?.(env.sim);
		env.sim.injectFault({ fault: { kind: 'hang', ms: HANG }, method: c.method, path: c.path });

		const { error } = await env.run(
			parametersOf(c, { requestOptions: { timeout: TIMEOUT, maxRetries: 0 } }),
			{ input: [item] },
		);

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(
			new RegExp(
				`^The service did not answer ${c.method} /(agency|project)/\\S+ within ${TIMEOUT} ms$`,
			),
		);
		expect(error?.description).toMatch(/Raise "Timeout" under Request Options/);
		// One attempt, given up on. On a loaded machine (load 15 on 2 cores, measured in a full run) a
		// 150 ms timeout can end before the request reaches the simulator: then none was logged.
		expect([[], [0]]).toContainEqual(statusesOf(c));
		if (before !== undefined) expect(c.created!(env.sim)).toBe(before);
	});
});

describe('retries after a timeout', () => {
	// One operation per resource and method (each retry waits the 500 ms back-off).
	const idempotent = CATALOGUE.filter(
		(c, i, all) =>
			c.method !== 'POST' &&
			all.findIndex((o) => o.resource === c.resource && o.method === c.method) === i,
	);
	const posts = CATALOGUE.filter((c) => c.method === 'POST');

	it.each(idempotent.map((c) => [nameOf(c), c] as const))(
		'%s: a hang then an answer succeeds',
		async (_name, c) => {
			const [item] = c.items(env.sim);
			env.sim.injectFault({ fault: { kind: 'hang', ms: HANG }, method: c.method, path: c.path });

			const { error } = await env.run(
				parametersOf(c, { requestOptions: { timeout: TIMEOUT, maxRetries: 1 } }),
				{ input: [item] },
			);

			expect(error).toBeUndefined();
			expect(statusesOf(c)).toEqual([0, 200]);
		},
	);

	// A longer timeout here: on a loaded machine a 150 ms timeout can end before the request reaches
	// the simulator, and then "sent once" cannot be told from "never sent".
	const POST_TIMEOUT = 1_000;
	it.each(posts.map((c) => [nameOf(c), c] as const))(
		'%s: a hang is not retried (it might have been done)',
		async (_name, c) => {
			const [item] = c.items(env.sim);
			env.sim.injectFault({
				fault: { kind: 'hang', ms: POST_TIMEOUT * 10 },
				method: 'POST',
				path: c.path,
			});

			const { error } = await env.run(
				parametersOf(c, { requestOptions: { timeout: POST_TIMEOUT, maxRetries: 3 } }),
				{ input: [item] },
			);

			expect(error?.message).toMatch(/^The service did not answer POST /);
			expect(statusesOf(c)).toEqual([0]);
		},
	);
});

describe('timeouts elsewhere', () => {
	const create = CATALOGUE.find((c) => nameOf(c) === 'review.create')!;

	it('the key lookup of the agency key hanging fails clearly and sends no project request', async () => {
		env.sim.injectFault({
			fault: { kind: 'hang', ms: HANG },
			method: 'GET',
			path: '/agency/projects/1/key',
		});

		const { error } = await env.run(
			parametersOf(create, {
				...AGENCY_KEY_AUTH,
				requestOptions: { timeout: TIMEOUT, maxRetries: 0 },
			}),
			{
				input: [{ score: 5 }],
				credentials: env.agencyCredentials(),
			},
		);

		expect(error?.message).toBe(
			`The service did not answer GET /agency/projects/1/key within ${TIMEOUT} ms`,
		);
		expect(env.requests(undefined, '/project')).toHaveLength(0);
	});

	it('with continueOnFail a hanging middle item becomes an error item and the others go on', async () => {
		const input = create.items(env.sim);
		env.sim.injectFault({ fault: { kind: 'hang', ms: HANG }, method: 'POST', skip: 1 });

		const { items, error } = await env.run(
			parametersOf(create, { requestOptions: { timeout: TIMEOUT } }),
			{ input, continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.pairedItem, item.json.error ?? 'ok'])).toEqual([
			[{ item: 0 }, 'ok'],
			[{ item: 1 }, `The service did not answer POST /project/reviews within ${TIMEOUT} ms`],
			[{ item: 2 }, 'ok'],
		]);
	});

	it('a timeout is per request: every page of a list gets its own', async () => {
		const list = CATALOGUE.find((c) => nameOf(c) === 'review.getAll')!;
		env.sim.addReviews(1, 150);
		env.sim.injectFault({
			fault: { kind: 'hang', ms: HANG },
			method: 'GET',
			path: list.path,
			skip: 1,
		});

		const { error } = await env.run({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			requestOptions: { timeout: TIMEOUT, maxRetries: 0 },
		});

		expect(error?.message).toBe(
			`The service did not answer GET /project/reviews within ${TIMEOUT} ms`,
		);
		expect(env.requests('GET').map((r) => [r.query.page, r.status])).toEqual([
			['1', 200],
			['2', 0],
		]);
	});
});
