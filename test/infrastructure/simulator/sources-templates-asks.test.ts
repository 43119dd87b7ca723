/** The simulator's sources, share templates and asks (spec 4.6, 4.7, 4.9), over HTTP. */
import { ApiSimulator } from '../../simulator';
import { Json } from './http-client';
import { useSimulator } from './use-simulator';

let sim: ApiSimulator;
const { call } = useSimulator((started) => (sim = started));

describe('sources, share templates, asks', () => {
	test('sources', async () => {
		const a = await call('POST', '/project/sources', { body: { name: 'Google', sprite: '  ' } });
		expect(a.json.data).toMatchObject({ slug: 'google-2', sprite: null });
		expect(
			(await call('POST', '/project/sources', { body: { name: 'X', sprite: 'fa-solid fa-star' } }))
				.status,
		).toBe(422);
		expect(
			(await call('POST', '/project/sources', { body: { name: 'x'.repeat(31) } })).status,
		).toBe(422);
		const up = await call('PUT', '/project/sources/1', { body: { name: 'Google Maps' } });
		expect(up.json.data).toMatchObject({
			name: 'Google Maps',
			slug: 'google',
			sprite: null,
			color: '#4285f4',
		});
		expect(
			(await call('PUT', '/project/sources/2', { body: { name: 'FB', slug: 'google' } })).json
				.errors.slug,
		).toBeDefined();
		const icon = await call('PUT', '/project/sources/3', {
			body: { name: 'Trustpilot', sprite: 'fas fa-star' },
		});
		expect(icon.json.message).toBe('A sprite cannot be set on a source with a custom icon.');
		await call('DELETE', '/project/sources/2');
		expect((await call('GET', '/project/sources')).json.data.map((s: Json) => s.id)).toEqual([
			1,
			3,
			a.json.data.id,
		]);
		expect((await call('PUT', '/project/sources/2', { body: { name: 'FB' } })).status).toBe(404);
	});

	test('share templates', async () => {
		const list = await call('GET', '/project/share-templates');
		expect(list.json.data.map((t: Json) => [t.id, t.is_default])).toEqual([
			[1, true],
			[2, false],
			[3, false],
		]);
		await call('DELETE', '/project/share-templates/1');
		expect(sim.toJson('shareTemplate', 2).is_default).toBe(true);
	});

	test('asks', async () => {
		const a = await call('POST', '/project/asks', {
			body: {
				channels: ['email', 'sms'],
				email: 'z@example.com',
				phone: '+15550109999',
				asked_at: 1800000000,
			},
		});
		expect(a.json.data).toEqual({
			email: 'z@example.com',
			phone: '+15550109999',
			scheduled_at: '2027-01-15T08:00:00+00:00',
		});
		const msgs = sim.defaultProject().messages.items.slice(-2);
		expect(msgs.map((m) => m.scheduled_at)).toEqual([1800000000, 1800000000]);
		const bad = await call('POST', '/project/asks', {
			body: { channels: ['sms'], email: 'z@example.com' },
		});
		expect(bad.json.errors.phone).toBeDefined();
		expect((await call('POST', '/project/asks', { body: { channels: [] } })).status).toBe(422);
	});
});
