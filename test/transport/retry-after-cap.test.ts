/**
 * Contract §9 "Retry-After longer than a node may wait": a wait longer than the 30 s cap on one retry
 * wait is not made (nor cut to 30 s and retried early): no retry, and the error names the wait the
 * service asked for, with the HTTP code and the service's message. Through WorkflowExecute against the
 * simulator, for a read, a write and a create.
 */
import { NodeApiError } from 'n8n-workflow';

import { isOutOfBudget } from '../../nodes/ReviewCollection/transport';
import { useSimulator } from '../harness/simulator-env';
import type { Case } from '../harness/operation-catalogue';
import { CATALOGUE, nameOf, parametersOf } from '../harness/operation-catalogue';

const env = useSimulator();
const statusesOf = (c: Case) =>
	env
		.requests(c.method)
		.filter((r) => c.path.test(r.path))
		.map((r) => r.status);
/** One operation of each method. */
const cases = (['GET', 'PUT', 'DELETE', 'POST'] as const).map((method) =>
	CATALOGUE.find((c) => c.method === method && c.area === 'project')!,
);
const inAnHour = () => new Date(Date.now() + 3_600_000).toUTCString();

describe.each(cases.map((c) => [nameOf(c), c] as const))('%s', (_name, c) => {
	it.each([
		['3600', /the service asked to wait 3600 s/],
		['an HTTP date an hour ahead', /the service asked to wait 3(599|600) s/],
	])(
		'429 with Retry-After %s: not retried, the error names the wait',
		async (retryAfter, named) => {
			const [item] = c.items(env.sim);
			const before = c.created?.(env.sim);
			env.sim.injectFault({
				fault: {
					kind: 'status',
					status: 429,
					retryAfter: retryAfter === '3600' ? 3600 : inAnHour(),
				},
				method: c.method,
				path: c.path,
			});
			const started = Date.now();

			const { error } = await env.run(parametersOf(c, { requestOptions: { maxRetries: 3 } }), {
				input: [item],
			});

			expect(statusesOf(c)).toEqual([429]);
			// Not the 30 s cap waited for (the old behaviour): no wait at all.
			expect(Date.now() - started).toBeLessThan(30_000);
			expect(error).toBeInstanceOf(NodeApiError);
			expect((error as NodeApiError).httpCode).toBe('429');
			expect(error?.message).toMatch(/^The service answered 429: \S.*/);
			expect(error?.message).toMatch(named);
			expect(error?.message).toMatch(/longer than the node waits \(30 s at most\)/);
			// Without a deadline it is an ordinary failure, not "out of budget".
			expect(isOutOfBudget(error)).toBe(false);
			if (before !== undefined) expect(c.created!(env.sim)).toBe(before);
		},
	);
});

it('the other items of a run do not wait the hour: only the item that got it fails', async () => {
	const c = cases[1];
	const items = c.items(env.sim);
	env.sim.injectFault({
		fault: { kind: 'status', status: 429, retryAfter: 3600 },
		method: c.method,
		path: c.path,
	});

	const { items: output } = await env.run(
		parametersOf(c, { requestOptions: { maxRetries: 3, concurrency: 3 } }),
		{ input: items, continueOnFail: true },
	);

	expect(statusesOf(c).sort()).toEqual([200, 200, 429]);
	const failed = output.filter((entry) => entry.json.error !== undefined);
	expect(output).toHaveLength(3);
	expect(failed).toHaveLength(1);
	expect(String(failed[0].json.error)).toMatch(/the service asked to wait 3600 s/);
});
