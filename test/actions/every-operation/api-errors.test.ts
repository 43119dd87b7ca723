import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { byId, useSimulator } from '../../harness/simulator-env';
import {
	AGENCY_KEY_AUTH,
	CATALOGUE,
	nameOf,
	parametersOf,
} from '../../harness/operation-catalogue';

/**
 * API errors are clear: every status the service can answer surfaces the API's message and the code
 * in the node's error, with a description a no-code user can act on. First the real answers of the
 * simulator, then each fault on every operation.
 */
const env = useSimulator();
const fast = { requestOptions: { maxRetries: 1 } };

async function failWith(parameters: INodeParameters, options: Parameters<typeof env.run>[1] = {}) {
	const { error } = await env.run({ ...parameters, ...fast }, options);
	expect(error).toBeInstanceOf(NodeApiError);
	return error as NodeApiError;
}

describe('the answers of the service', () => {
	it('400: a photo URL that is not an image names the URL and says what to fix', async () => {
		const error = await failWith({
			resource: 'customer',
			operation: 'setPhoto',
			customerId: byId(1),
			photoUrl: 'https://example.com/me.txt',
		});

		expect(error.message).toBe(
			'The service answered 400: The image at https://example.com/me.txt could not be downloaded or is not a valid image.',
		);
		expect(error.httpCode).toBe('400');
		expect(error.description).toMatch(/photo URL that is not a reachable image/);
		expect(env.sim.requests).toHaveLength(1);
	});

	it('400 on create: the review is not created', async () => {
		const before = env.sim.defaultProject().reviews.size;
		const error = await failWith({
			resource: 'review',
			operation: 'create',
			score: 5,
			additionalFields: { customerPhotoUrl: 'ftp://x/y.png' },
		});

		expect(error.message).toMatch(/^The service answered 400: The image at ftp:\/\/x\/y\.png/);
		expect(env.sim.defaultProject().reviews.size).toBe(before);
	});

	it.each([
		[
			'a wrong project key',
			{ resource: 'review', operation: 'getAll', returnAll: true },
			'Review Collection Project API',
		],
		[
			'a wrong agency key',
			{ resource: 'project', operation: 'getAll', returnAll: true },
			'Review Collection Agency API',
		],
		[
			'a wrong agency key used for a project',
			{ resource: 'review', operation: 'getAll', returnAll: true, ...AGENCY_KEY_AUTH },
			'Review Collection Agency API',
		],
	])(
		'401 with %s names the credential to check; sent once',
		async (_what, parameters, credential) => {
			const credentials = {
				...env.projectCredentials('rcs_proj_wrong'),
				...env.agencyCredentials('rcs_agency_wrong'),
			};
			const error = await failWith(parameters as INodeParameters, { credentials });

			expect(error.message).toBe('The service answered 401: Unauthenticated.');
			expect(error.httpCode).toBe('401');
			expect(error.description).toContain(`Check the "${credential}" credential`);
			expect(env.sim.requests).toHaveLength(1);
		},
	);

	it('401 after a key rotation: the old project key is refused', async () => {
		const oldKey = env.sim.defaultProject().key;
		await env.run({ resource: 'project', operation: 'rotateKey', projectId: byId(1) });

		const error = await failWith(
			{ resource: 'customer', operation: 'get', customerId: byId(1) },
			{ credentials: env.projectCredentials(oldKey) },
		);

		expect(error.httpCode).toBe('401');
		expect(error.description).toMatch(/wrong, was rotated or belongs to another project/);
	});

	it('403: a suspended project says so and how to lift it', async () => {
		env.sim.setProjectSuspended(1, true);
		const error = await failWith({
			resource: 'review',
			operation: 'flagHidden',
			reviewId: byId(1),
			isHidden: true,
		});

		expect(error.message).toBe('The service answered 403: This project is suspended.');
		expect(error.httpCode).toBe('403');
		expect(error.description).toMatch(/suspended.*Unsuspend/);
		expect(env.sim.requests).toHaveLength(1);
	});

	it.each([
		['review', 'delete', { reviewId: byId(999) }, 'Review 999 not found.'],
		['customer', 'get', { customerId: byId(4242) }, 'Customer 4242 not found.'],
		['charge', 'delete', { chargeId: byId(77) }, 'Charge 77 not found.'],
		['project', 'suspend', { projectId: byId(31) }, 'Project 31 not found.'],
		['client', 'delete', { clientId: byId(8) }, 'Client 8 not found.'],
	])('404: %s.%s names the id', async (resource, operation, parameters, message) => {
		const error = await failWith({ resource, operation, ...parameters });

		expect(error.message).toBe(`The service answered 404: ${message}`);
		expect(error.httpCode).toBe('404');
		expect(error.description).toMatch(/Check the ID or slug/);
	});

	it.each([
		['review', 'setSource', { reviewId: byId(1), sourceSlug: 'myspace' }, /myspace/],
		['review', 'setLocation', { reviewId: byId(1), locationSlug: 'atlantis' }, /atlantis/],
		['customer', 'create', { additionalFields: { locationSlug: 'mars-base' } }, /mars-base/],
	])('404: %s.%s names the unknown slug', async (resource, operation, parameters, slug) => {
		const error = await failWith({ resource, operation, ...parameters });

		expect(error.message).toMatch(/^The service answered 404: /);
		expect(error.message).toMatch(slug);
	});

	it('404 at the key lookup of the agency key names the project and sends no project request', async () => {
		const error = await failWith({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			...AGENCY_KEY_AUTH,
			projectId: byId(404),
		});

		expect(error.message).toBe('The service answered 404: Project 404 not found.');
		expect(env.requests(undefined, '/project')).toHaveLength(0);
	});

	it('422: the field messages of the service are listed', async () => {
		const error = await failWith({
			resource: 'client',
			operation: 'create',
			email: 'new@client.test',
			projectIds: '1, 999',
			additionalFields: { roleSlug: 'emperor' },
		});

		expect(error.message).toMatch(
			/^The service answered 422: The selected role slug is invalid\. \(and 1 more error\)$/,
		);
		expect(error.httpCode).toBe('422');
		expect(error.description).toContain('role_slug: The selected role slug is invalid.');
		expect(error.description).toContain('project_ids.1: The selected project_ids.1 is invalid.');
		expect(error.description).toMatch(/Correct the fields listed above/);
	});

	it('422: a sprite for a source with a custom icon is refused before sending the update', async () => {
		const trustpilot = env.sim.defaultProject().sources.find((s) => s.icon)!;
		const { error } = await env.run({
			resource: 'source',
			operation: 'update',
			sourceId: byId(trustpilot.id),
			name: 'Trustpilot',
			updateFields: { sprite: 'fas fa-star' },
		});

		expect(error?.message).toMatch(/has a custom icon image, so a sprite cannot be set \(item 0\)/);
		expect(env.requests('PUT')).toHaveLength(0);
	});
});

const FAULTS = [
	[
		'429 after the retries',
		{ kind: 'status', status: 429, retryAfter: 0 },
		'The service answered 429: Too Many Attempts.',
		'429',
		/rate limiting/,
	],
	[
		'500',
		{ kind: 'status', status: 500, retryAfter: 0 },
		'The service answered 500: Server Error.',
		'500',
		/internal error/,
	],
	[
		'503',
		{ kind: 'status', status: 503, retryAfter: 0 },
		'The service answered 503: Service Unavailable.',
		'503',
		/internal error/,
	],
	[
		'an HTML 502 page',
		{ kind: 'html', status: 502 },
		'The service answered HTTP 502 with a body that is not JSON',
		'502',
		/Body: "502 Bad Gateway 502 Bad Gateway nginx"/,
	],
	[
		'a non-JSON 200 body',
		{ kind: 'malformed' },
		'The service answered HTTP 200 with a body that is not JSON',
		'200',
		/Body: "\{"success": true/,
	],
	[
		'HTTP 200 with success: false',
		{ kind: 'successFalse', code: 409, message: 'Project is locked.' },
		'The service answered 409: Project is locked.',
		'409',
		undefined,
	],
	[
		'a 422 with field messages',
		{
			kind: 'status',
			status: 422,
			body: {
				success: false,
				code: 422,
				message: 'The name field is required.',
				errors: { name: ['The name field is required.'], email: ['Bad.', 'Worse.'] },
			},
		},
		'The service answered 422: The name field is required.',
		'422',
		/^name: The name field is required\.; email: Bad\. Worse\.\. Correct the fields listed above/,
	],
	[
		'a 418 with an unknown body',
		{ kind: 'status', status: 418, body: { oops: true } },
		'The service answered 418: no error message',
		'418',
		undefined,
	],
] as const;

export const FAULTS_PER_OPERATION = FAULTS.length;

describe.each(CATALOGUE.map((c) => [nameOf(c), c] as const))(
	'%s surfaces each fault',
	(_name, c) => {
		it.each(FAULTS)('%s', async (_what, fault, message, httpCode, description) => {
			const [item] = c.items(env.sim);
			// Max Retries is 1: a fault that is retried must meet the retry too.
			env.sim.injectFault({ fault, method: c.method, path: c.path, times: 2 });

			// An HTML page carries no Retry-After: the 500 ms back-off is skipped with Max Retries 0.
			const retries = { requestOptions: { maxRetries: fault.kind === 'html' ? 0 : 1 } };
			const { error } = await env.run(parametersOf(c, retries), { input: [item] });

			expect(error).toBeInstanceOf(NodeApiError);
			expect(error?.message).toBe(message);
			expect((error as NodeApiError).httpCode).toBe(httpCode);
			// A key read never shows a body that is not JSON: it may be the bare key (issue 12.2).
			const keyRead =
				c.path.source.endsWith('/key$') &&
				typeof description === 'object' &&
				/Body:/.test(description.source);
			if (keyRead) expect(error?.description).toMatch(/The answer is not shown/);
			else if (description) expect(error?.description).toMatch(description);
			expect((error as NodeApiError).context.itemIndex).toBe(0);
		});
	},
);
