import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { bearerOf, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const paired = (item: { pairedItem?: unknown }) => (item.pairedItem as { item: number }).item;

describe('customer → create', () => {
	it('sends every additional field in snake_case and outputs the new customer', async () => {
		const project = env.sim.defaultProject();
		const before = project.customers.items.length;

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'create',
			additionalFields: {
				firstName: 'Dana',
				lastName: 'Diaz',
				email: ' dana@example.com ',
				phone: '+15550100009',
				company: 'Diaz Deli',
				notes: 'Prefers SMS',
				address1: '1 Elm St',
				address2: 'Suite 2',
				city: 'Springfield',
				state: 'IL',
				postalCode: '62701',
				photoUrl: 'https://photos.test/dana.png',
				locationSlug: 'riverside',
				signedUpAt: '2026-01-15T10:00:00Z',
				tagSlugs: 'vip, wholesale',
			},
		});

		expect(error).toBeUndefined();
		const [request] = env.requests('POST', '/project/customers');
		expect(bearerOf(request)).toBe(project.key);
		expect(request.body).toEqual({
			first_name: 'Dana',
			last_name: 'Diaz',
			email: 'dana@example.com',
			phone: '+15550100009',
			company: 'Diaz Deli',
			notes: 'Prefers SMS',
			address1: '1 Elm St',
			address2: 'Suite 2',
			city: 'Springfield',
			state: 'IL',
			postal_code: '62701',
			photo_url: 'https://photos.test/dana.png',
			location_slug: 'riverside',
			signed_up_at: '2026-01-15T10:00:00Z',
			tag_slugs: ['vip', 'wholesale'],
		});
		expect(project.customers.items).toHaveLength(before + 1);
		expect(items).toHaveLength(1);
		const created = items[0].json;
		expect(paired(items[0])).toBe(0);
		expect(created).toEqual(env.sim.toJson('customer', created.id as number));
		expect(created).toMatchObject({
			email: 'dana@example.com',
			signed_up_at: Date.parse('2026-01-15T10:00:00Z') / 1000,
			location: { slug: 'riverside' },
		});
		expect((created.tags as Array<{ slug: string }>).map((t) => t.slug)).toEqual([
			'vip',
			'wholesale',
		]);
		expect(created.photo).toMatchObject({ id: expect.any(Number) });
	});

	it('sends only what the user set; Unix seconds go out as a number', async () => {
		const { items } = await env.run({
			resource: 'customer',
			operation: 'create',
			additionalFields: { firstName: 'Eve', lastName: '', signedUpAt: '1767225600' },
		});

		const [request] = env.requests('POST', '/project/customers');
		expect(request.body).toEqual({ first_name: 'Eve', signed_up_at: 1767225600 });
		expect(items[0].json).toMatchObject({ first_name: 'Eve', signed_up_at: 1767225600 });
	});

	it.each([
		[{ email: 'not-an-email' }, /Invalid Email in item 0: is not an email address/],
		[{ signedUpAt: 'next tuesday-ish' }, /Invalid Signed Up At in item 0: is not a date-time/],
		[
			{ signedUpAt: `2026-01-01T00:00:00${' '.repeat(40)}Z` },
			/Invalid Signed Up At in item 0: must be at most 50 characters/,
		],
	])('rejects %j before sending anything', async (additionalFields, message) => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'create',
			additionalFields,
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('reports an unknown location slug as a 404 and creates nothing', async () => {
		const before = env.sim.defaultProject().customers.items.length;

		const { error } = await env.run({
			resource: 'customer',
			operation: 'create',
			additionalFields: { firstName: 'Zed', locationSlug: 'mars' },
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toMatch(/^The service answered 404: /);
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(env.sim.defaultProject().customers.items).toHaveLength(before);
	});

	it('reports a photo URL that is not an image as a 400', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'create',
			additionalFields: { firstName: 'Zed', photoUrl: 'https://example.com/not-a-picture.txt' },
		});

		expect(error?.message).toMatch(/^The service answered 400: .*could not be downloaded/);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
	});

	it('surfaces the 422 of an email already taken', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'create',
			additionalFields: { email: 'alice@example.com' },
		});

		expect(error?.message).toBe('The service answered 422: The email has already been taken.');
		expect((error as { httpCode?: string }).httpCode).toBe('422');
	});
});
