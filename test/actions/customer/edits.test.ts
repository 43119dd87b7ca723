import { byId, bearerOf, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const paired = (item: { pairedItem?: unknown }) => (item.pairedItem as { item: number }).item;

describe('customer → setNotes', () => {
	it('replaces the notes', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'setNotes',
			customerId: byId(2),
			notes: 'Allergic to nuts.\nCall before delivery.',
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: '/project/customers/2/notes',
			status: 200,
		});
		expect(request.body).toEqual({ notes: 'Allergic to nuts.\nCall before delivery.' });
		expect(bearerOf(request)).toBe(project.key);
		expect(items.map((item) => item.json)).toEqual([{ success: true, id: 2 }]);
		expect(paired(items[0])).toBe(0);
		expect(project.customers.get(2)?.notes).toBe('Allergic to nuts.\nCall before delivery.');
	});

	it('clears the notes when empty', async () => {
		const project = env.sim.defaultProject();
		project.customers.get(2)!.notes = 'old note';

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'setNotes',
			customerId: byId(2),
			notes: '',
		});

		expect(error).toBeUndefined();
		expect(env.requests()[0].body).toEqual({ notes: '' });
		expect(items[0].json).toEqual({ success: true, id: 2 });
		expect(project.customers.get(2)?.notes).toBe('');
	});

	it('reports an unknown id as a 404', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'setNotes',
			customerId: byId(404),
			notes: 'x',
		});

		expect(error?.message).toBe('The service answered 404: Customer 404 not found.');
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
});

describe('customer → setPhoto', () => {
	it('stores a new photo and outputs the image', async () => {
		const project = env.sim.defaultProject();

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'setPhoto',
			customerId: byId(1),
			photoUrl: ' https://photos.test/alice.jpg ',
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: '/project/customers/1/photo',
			status: 200,
		});
		expect(request.body).toEqual({ url: 'https://photos.test/alice.jpg' });
		expect(bearerOf(request)).toBe(project.key);
		expect(items).toHaveLength(1);
		expect(paired(items[0])).toBe(0);
		const photo = project.customers.get(1)?.photo;
		expect(photo).not.toBeNull();
		expect(items[0].json).toMatchObject({
			id: photo!.id,
			uuid: photo!.uuid,
			link: expect.stringMatching(/^https?:\/\//),
		});
	});

	it('removes the photo when the URL is empty, sending url: null', async () => {
		const project = env.sim.defaultProject();
		const customer = env.sim.addCustomer(project.id, {
			first_name: 'Pia',
			photo_url: 'https://photos.test/pia.png',
		});
		expect(customer.photo).not.toBeNull();

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'setPhoto',
			customerId: byId(customer.id),
			photoUrl: '',
		});

		expect(error).toBeUndefined();
		expect(env.requests()[0].body).toEqual({ url: null });
		expect(items.map((item) => item.json)).toEqual([{ success: true, id: customer.id }]);
		expect(project.customers.get(customer.id)?.photo).toBeNull();
	});

	it('reports a URL that is not an image as a 400 and keeps the photo unchanged', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'setPhoto',
			customerId: byId(1),
			photoUrl: 'https://example.com/page.html',
		});

		expect(error?.message).toMatch(/^The service answered 400: /);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
		expect(env.sim.defaultProject().customers.get(1)?.photo).toBeNull();
	});

	it('reports an unknown id as a 404', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'setPhoto',
			customerId: byId(405),
			photoUrl: '',
		});

		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
});

describe('customer → setTags', () => {
	const tagSlugsOf = (customerId: number) => {
		const project = env.sim.defaultProject();
		return project.customers
			.get(customerId)!
			.tag_ids.map((id) => project.tags.find((t) => t.id === id)!.slug);
	};

	it('replaces all tags and outputs the customer summary', async () => {
		const project = env.sim.defaultProject();
		expect(tagSlugsOf(1)).toEqual(['vip']);

		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'setTags',
			customerId: byId(1),
			tagSlugs: 'wholesale , follow-up',
		});

		expect(error).toBeUndefined();
		const [request] = env.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: '/project/customers/1/tags',
			status: 200,
		});
		expect(request.body).toEqual({ tag_slugs: ['wholesale', 'follow-up'] });
		expect(bearerOf(request)).toBe(project.key);
		expect(tagSlugsOf(1)).toEqual(['wholesale', 'follow-up']);
		expect(items).toHaveLength(1);
		expect(paired(items[0])).toBe(0);
		expect(items[0].json).toMatchObject({ id: 1, email: 'alice@example.com' });
		expect((items[0].json.tags as Array<{ slug: string }>).map((t) => t.slug)).toEqual([
			'wholesale',
			'follow-up',
		]);
	});

	it('takes an array from an expression', async () => {
		await env.run(
			{
				resource: 'customer',
				operation: 'setTags',
				customerId: byId(2),
				tagSlugs: '={{ $json.tags }}',
			},
			{ input: [{ tags: ['vip'] }] },
		);

		expect(env.requests()[0].body).toEqual({ tag_slugs: ['vip'] });
		expect(tagSlugsOf(2)).toEqual(['vip']);
	});

	it('clears every tag when empty, sending an empty list', async () => {
		const { items, error } = await env.run({
			resource: 'customer',
			operation: 'setTags',
			customerId: byId(1),
			tagSlugs: '',
		});

		expect(error).toBeUndefined();
		expect(env.requests()[0].body).toEqual({ tag_slugs: [] });
		expect(items[0].json.tags).toEqual([]);
		expect(tagSlugsOf(1)).toEqual([]);
	});

	it('reports an unknown tag slug as a 404 and keeps the tags', async () => {
		const { error } = await env.run({
			resource: 'customer',
			operation: 'setTags',
			customerId: byId(1),
			tagSlugs: 'no-such-tag',
		});

		expect(error?.message).toMatch(/^The service answered 404: /);
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(tagSlugsOf(1)).toEqual(['vip']);
	});
});
