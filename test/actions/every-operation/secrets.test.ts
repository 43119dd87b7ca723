import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../simulator';
import { useSimulator } from '../../harness/simulator-env';
import type { Case } from '../../harness/operation-catalogue';
import {
	AGENCY_KEY_AUTH,
	CATALOGUE,
	nameOf,
	parametersOf,
} from '../../harness/operation-catalogue';
import { occurrences, serializeExecution } from '../../harness/serialize';

/**
 * No secret leaks: every operation's success path and error paths, with the project key and (for the
 * project area) with the agency key standing in for it. The whole execution — output items, the IRun,
 * the error with its message, description, cause and context — is serialized and searched for the
 * agency key and the project key. getKey/rotateKey output a key on purpose: they act on other
 * projects here, so the keys searched for must still never appear.
 */
const env = useSimulator();
const fast = { requestOptions: { maxRetries: 1 } };
const projectArea = CATALOGUE.filter((c) => c.area === 'project');

/** Totals over the file, reported by the last test. */
const totals = { executions: 0, found: 0 };

function secrets(): Record<string, string> {
	return { agencyKey: env.sim.agencyKey, projectKey: env.sim.defaultProject().key };
}

/** Runs, serializes, counts every secret, and expects zero of each. */
async function expectNoSecrets(
	parameters: INodeParameters,
	input: IDataObject[],
	options: { agency?: boolean; continueOnFail?: boolean } = {},
) {
	const keys = secrets();
	const result = await env.run(parameters, {
		input,
		continueOnFail: options.continueOnFail,
		...(options.agency ? { credentials: env.agencyCredentials() } : {}),
	});
	const text = serializeExecution(result);
	const found = Object.fromEntries(
		Object.entries(keys).map(([name, key]) => [name, occurrences(text, key)]),
	);
	totals.executions++;
	totals.found += Object.values(found).reduce((a, b) => a + b, 0);
	expect(found).toEqual({ agencyKey: 0, projectKey: 0 });
	return result;
}

/**
 * Faults whose answers repeat the key back (a debugging proxy, a chatty error message), some more than
 * once in one string: every copy must go, not only the first.
 */
function echoing(c: Case): Fault[] {
	const key = c.area === 'agency' ? env.sim.agencyKey : env.sim.defaultProject().key;
	return [
		{
			kind: 'status',
			status: 401,
			body: {
				success: false,
				code: 401,
				message: `Token ${key} is not valid (got ${key}).`,
				errors: { token: [key, `${key} != ${key}`] },
			},
		},
		{
			kind: 'status',
			status: 400,
			body: `<html><body><pre>Authorization: Bearer ${key}</pre></body></html>`,
		},
		{ kind: 'successFalse', code: 403, message: `Key ${key} belongs to a suspended project.` },
	];
}

describe.each(CATALOGUE.map((c) => [nameOf(c), c] as const))('%s', (_name, c) => {
	it('success path: no key in the execution data', async () => {
		const { error } = await expectNoSecrets(parametersOf(c, fast), c.items(env.sim));

		expect(error).toBeUndefined();
	});

	it('error paths (5xx, drop, 422, continueOnFail): no key in the execution data', async () => {
		const input = c.items(env.sim);
		env.sim.injectFault({
			fault: { kind: 'status', status: 500, retryAfter: 0 },
			method: c.method,
			path: c.path,
			times: 2,
		});
		const { error } = await expectNoSecrets(parametersOf(c, fast), input);
		expect(error).toBeDefined();

		env.sim.injectFault({ fault: { kind: 'drop' }, method: c.method, path: c.path });
		expect(
			(await expectNoSecrets(parametersOf(c, { requestOptions: { maxRetries: 0 } }), input)).error,
		).toBeDefined();

		env.sim.injectFault({
			fault: { kind: 'status', status: 422 },
			method: c.method,
			path: c.path,
			skip: 1,
		});
		const { items } = await expectNoSecrets(parametersOf(c, fast), input, { continueOnFail: true });
		expect(items.some((item) => item.json.error)).toBe(true);
	});

	it('answers that repeat the key back: the key is not passed on', async () => {
		const [item] = c.items(env.sim);
		for (const fault of echoing(c)) {
			env.sim.injectFault({ fault, method: c.method, path: c.path });
			const { error } = await expectNoSecrets(parametersOf(c, fast), [item]);
			expect(error).toBeDefined();
		}
	});

	it('a wrong key (401): the wrong key is not shown either', async () => {
		const wrong = 'rcs_wrong_key_0123456789abcdef';
		const result = await env.run(parametersOf(c, fast), {
			input: c.items(env.sim).slice(0, 1),
			credentials: { ...env.projectCredentials(wrong), ...env.agencyCredentials(wrong) },
		});

		expect(result.error?.message).toBe('The service answered 401: Unauthenticated.');
		expect(occurrences(serializeExecution(result), wrong)).toBe(0);
	});
});

describe.each(projectArea.map((c) => [nameOf(c), c] as const))(
	'%s with the agency key',
	(_name, c) => {
		const parameters = (c2: Case) => parametersOf(c2, { ...fast, ...AGENCY_KEY_AUTH });

		it('success path: neither the agency key nor the fetched project key surfaces', async () => {
			const { error } = await expectNoSecrets(parameters(c), c.items(env.sim), { agency: true });

			expect(error).toBeUndefined();
			expect(env.requests('GET', '/agency/projects/1/key')).toHaveLength(1);
		});

		it('error paths: a failing project request, a failing key lookup, continueOnFail', async () => {
			const input = c.items(env.sim);
			env.sim.injectFault({
				fault: { kind: 'status', status: 422 },
				method: c.method,
				path: c.path,
			});
			expect((await expectNoSecrets(parameters(c), input, { agency: true })).error).toBeDefined();

			env.sim.injectFault({
				fault: { kind: 'status', status: 503, retryAfter: 0 },
				method: 'GET',
				path: '/agency/projects/1/key',
				times: 2,
			});
			expect(
				(await expectNoSecrets(parameters(c), input, { agency: true })).error?.message,
			).toMatch(/503/);

			env.sim.injectFault({
				fault: { kind: 'status', status: 401 },
				method: c.method,
				path: c.path,
				skip: 1,
			});
			const { items } = await expectNoSecrets(parameters(c), input, {
				agency: true,
				continueOnFail: true,
			});
			expect(items.filter((item) => item.json.error)).toHaveLength(1);
		});

		it('answers that repeat the fetched project key back: it is not passed on', async () => {
			const [item] = c.items(env.sim);
			for (const fault of echoing(c)) {
				env.sim.injectFault({ fault, method: c.method, path: c.path });
				expect(
					(await expectNoSecrets(parameters(c), [item], { agency: true })).error,
				).toBeDefined();
			}
		});
	},
);

describe('what the user reads instead of a repeated key', () => {
	it('the message keeps its sense with the key blanked out', async () => {
		const key = env.sim.defaultProject().key;
		env.sim.injectFault({
			fault: {
				kind: 'status',
				status: 401,
				body: { success: false, code: 401, message: `Token ${key} is not valid.` },
			},
		});

		const { error } = await env.run({
			resource: 'customer',
			operation: 'get',
			customerId: { __rl: true, mode: 'id', value: '1' },
		});

		expect(error?.message).toBe('The service answered 401: Token [redacted] is not valid.');
		expect(error?.description).toContain('Check the "Review Collection Project API" credential');
	});

	it('every copy is blanked and the rest of the answer kept: its code, each message of a list', async () => {
		const key = env.sim.defaultProject().key;
		const getCustomer = {
			resource: 'customer',
			operation: 'get',
			customerId: { __rl: true, mode: 'id', value: '1' },
		};
		// HTTP 200 with success: false: the status the user reads is the answer's `code`.
		env.sim.injectFault({
			fault: { kind: 'successFalse', code: 403, message: `Key ${key} is suspended (${key}).` },
		});
		const suspended = (await env.run(getCustomer)).error;
		expect(suspended?.message).toBe(
			'The service answered 403: Key [redacted] is suspended ([redacted]).',
		);

		const errors = { token: [`${key} is not a token`, 'Ask for a new one'] };
		env.sim.injectFault({
			fault: { kind: 'status', status: 422, body: { success: false, code: 422, errors } },
		});
		const invalid = (await env.run(getCustomer)).error;
		expect(invalid?.description).toContain('token: [redacted] is not a token Ask for a new one.');
	});
});

describe('the figures', () => {
	it('zero key occurrences over every execution searched', () => {
		expect(totals.executions).toBeGreaterThan(400);
		expect(totals.found).toBe(0);
	});
});
