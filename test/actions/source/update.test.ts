import type { INodeParameters } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { SourceRecord } from '../../simulator';
import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

const sourceBySlug = (slug: string): SourceRecord =>
	env.sim.defaultProject().sources.find((s) => s.slug === slug)!;

async function update(source: SourceRecord, name: string, updateFields: INodeParameters = {}) {
	return await env.run({
		resource: 'source',
		operation: 'update',
		sourceId: byId(source.id),
		name,
		updateFields,
	});
}

/** The body of the single PUT, after checking the node read the source list first. */
function putBody(source: SourceRecord): unknown {
	const [read, put] = env.sim.requests;
	expect(read).toMatchObject({ method: 'GET', path: '/project/sources' });
	expect(put).toMatchObject({ method: 'PUT', path: `/project/sources/${source.id}` });
	expect(env.sim.requests).toHaveLength(2);
	expect(bearerOf(put)).toBe(env.sim.defaultProject().key);
	return put.body;
}

describe('source → update keeps what the user did not touch', () => {
	it('renaming re-sends the current sprite and leaves colour and slug alone', async () => {
		const google = sourceBySlug('google');

		const { items, error } = await update(google, 'Google Maps');

		expect(error).toBeUndefined();
		expect(putBody(google)).toEqual({ name: 'Google Maps', sprite: 'fab fa-google' });
		expect(google).toMatchObject({
			name: 'Google Maps',
			slug: 'google',
			sprite: 'fab fa-google',
			color: '#4285f4',
		});
		expect(items).toEqual([{ json: env.sim.toJson('source', google.id), pairedItem: { item: 0 } }]);
	});

	it('sends a new sprite, colour and slug when the user sets them', async () => {
		const google = sourceBySlug('google');

		const { error } = await update(google, 'Google', {
			sprite: 'fas fa-map-pin',
			color: '#000000',
			slug: 'gmaps',
		});

		expect(error).toBeUndefined();
		expect(putBody(google)).toEqual({
			name: 'Google',
			sprite: 'fas fa-map-pin',
			color: '#000000',
			slug: 'gmaps',
		});
		expect(google).toMatchObject({ slug: 'gmaps', sprite: 'fas fa-map-pin', color: '#000000' });
	});

	it('clears the sprite on request (Clear Sprite) and keeps the colour', async () => {
		const facebook = sourceBySlug('facebook');

		const { items, error } = await update(facebook, 'Facebook', { clearSprite: true });

		expect(error).toBeUndefined();
		expect(putBody(facebook)).toEqual({ name: 'Facebook', sprite: null });
		expect(facebook).toMatchObject({ sprite: null, color: '#1877f2' });
		expect(items[0].json).toMatchObject({ id: facebook.id, sprite: null });
	});

	it('sends no sprite for a source that has none', async () => {
		const created = await env.run({ resource: 'source', operation: 'create', name: 'Plain' });
		const plain = sourceBySlug('plain');
		expect(created.items[0].json.sprite).toBeNull();
		env.sim.clearLog();

		await update(plain, 'Plain Two');

		expect(putBody(plain)).toEqual({ name: 'Plain Two' });
		expect(plain).toMatchObject({ name: 'Plain Two', sprite: null });
	});
});

describe('source → update of a source with a custom icon', () => {
	it('never sends a sprite, even when one is stored', async () => {
		const trustpilot = sourceBySlug('trustpilot');
		trustpilot.sprite = 'fas fa-star'; // left over from before the icon was uploaded

		const { error } = await update(trustpilot, 'Trustpilot UK', { color: '#00b67b' });

		expect(error).toBeUndefined();
		expect(putBody(trustpilot)).toEqual({ name: 'Trustpilot UK', color: '#00b67b' });
		expect(trustpilot).toMatchObject({
			name: 'Trustpilot UK',
			color: '#00b67b',
			icon: expect.any(String),
		});
	});

	it('fails clearly, before the PUT, when the user sets a sprite', async () => {
		const trustpilot = sourceBySlug('trustpilot');

		const { error } = await update(trustpilot, 'Trustpilot', { sprite: 'fas fa-star' });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe(
			`Source ${trustpilot.id} has a custom icon image, so a sprite cannot be set (item 0)`,
		);
		expect(env.sim.requests.map((r) => r.method)).toEqual(['GET']);
		expect(trustpilot).toMatchObject({ name: 'Trustpilot', sprite: null });
	});
});

describe('source → update validation and errors', () => {
	it.each([
		[{ name: 'N'.repeat(31) }, /Invalid Name in item 0: must be at most 30 characters/],
		[{ name: '  ' }, /Invalid Name in item 0: is required/],
		[
			{ updateFields: { slug: 's'.repeat(31) } },
			/Invalid Slug in item 0: must be at most 30 characters/,
		],
		[
			{ updateFields: { color: 'c'.repeat(31) } },
			/Invalid Color in item 0: must be at most 30 characters/,
		],
		[
			{ updateFields: { sprite: 'fa-solid fa-star' } },
			/Invalid Sprite in item 0: must be a Font Awesome style prefix/,
		],
		[
			{ updateFields: { sprite: 'fas  fa-Star' } },
			/Invalid Sprite in item 0: must be a Font Awesome style prefix/,
		],
		[
			{ updateFields: { sprite: `fab fa-${'x'.repeat(44)}` } },
			/Invalid Sprite in item 0: must be at most 50 characters/,
		],
		[
			{ updateFields: { sprite: 'fas fa-star', clearSprite: true } },
			/Invalid Sprite in item 0: cannot be set while Clear Sprite is on/,
		],
	])('rejects %j with nothing sent', async (parameters, message) => {
		const google = sourceBySlug('google');

		const { error } = await env.run({
			resource: 'source',
			operation: 'update',
			sourceId: byId(google.id),
			name: 'Google',
			...parameters,
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(env.sim.requests).toHaveLength(0);
		expect(google).toMatchObject({
			name: 'Google',
			slug: 'google',
			sprite: 'fab fa-google',
			color: '#4285f4',
		});
	});

	it('reports a source that is not in the list as 404, without a PUT', async () => {
		const { error } = await env.run({
			resource: 'source',
			operation: 'update',
			sourceId: byId(555),
			name: 'Ghost',
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe('The service answered 404: Source 555 not found.');
		expect((error as NodeApiError).httpCode).toBe('404');
		expect(env.sim.requests.map((r) => r.method)).toEqual(['GET']);
	});

	it('treats a deleted source as not found', async () => {
		const facebook = sourceBySlug('facebook');
		facebook.deleted_at = env.sim.now();

		const { error } = await update(facebook, 'Facebook');

		expect((error as NodeApiError).httpCode).toBe('404');
		expect(env.requests('PUT')).toHaveLength(0);
	});

	it('surfaces the 422 of a slug already taken', async () => {
		const google = sourceBySlug('google');

		const { error } = await update(google, 'Google', { slug: 'facebook' });

		expect((error as NodeApiError).httpCode).toBe('422');
		expect(error?.description).toMatch(/slug has already been taken/);
		expect(google.slug).toBe('google');
	});

	it('works with the agency key and a project', async () => {
		const project = env.sim.defaultProject();
		const google = sourceBySlug('google');

		const { error } = await env.run(
			{
				resource: 'source',
				operation: 'update',
				authentication: 'agencyKey',
				projectId: byId(project.id),
				sourceId: byId(google.id),
				name: 'Google Business',
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		const [keyRequest, read, put] = env.sim.requests;
		expect(keyRequest.path).toBe(`/agency/projects/${project.id}/key`);
		expect(bearerOf(keyRequest)).toBe(env.sim.agencyKey);
		expect([bearerOf(read), bearerOf(put)]).toEqual([project.key, project.key]);
		expect(put.body).toEqual({ name: 'Google Business', sprite: 'fab fa-google' });
		expect(google).toMatchObject({ name: 'Google Business', sprite: 'fab fa-google' });
	});
});
