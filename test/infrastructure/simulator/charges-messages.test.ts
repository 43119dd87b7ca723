/** The simulator's charges and messages (spec 4.5, 4.8), over HTTP. */
import { ApiSimulator } from '../../simulator';
import { Json } from './http-client';
import { useSimulator } from './use-simulator';

let sim: ApiSimulator;
const { call } = useSimulator((started) => (sim = started));

describe('charges and messages', () => {
	test('charges', async () => {
		const c = await call('POST', '/project/charges', {
			body: {
				amount: 500,
				currency: 'eur',
				email: 'new@example.com',
				charged_at: '2026-11-22T10:00:00Z',
			},
		});
		expect(c.json.data).toEqual({
			email: 'new@example.com',
			phone: null,
			amount: 500,
			currency: 'EUR',
			charged_at: '2026-11-22T10:00:00+00:00',
		});
		const bad = await call('POST', '/project/charges', { body: { amount: 1.5, currency: 'EURO' } });
		expect(Object.keys(bad.json.errors).sort()).toEqual(['amount', 'currency', 'email', 'phone']);
		const list = await call('GET', '/project/charges?date_from=2026-11-22&date_to=2026-11-22');
		expect(list.json.data.map((x: Json) => x.amount)).toContain(500);
		await call('DELETE', '/project/charges/1');
		expect(sim.defaultProject().customers.get(1)!.charges_count).toBe(0);
	});

	test("a charge's customer: by email (archived too, the other of two after one is deleted), else by the phone's digits", async () => {
		const p = sim.defaultProject();
		const charge = async (who: Json) =>
			(await call('POST', '/project/charges', { body: { amount: 9, currency: 'USD', ...who } }))
				.status;
		const customerOfLast = () => p.charges.items[p.charges.items.length - 1].customer_id;
		const older = sim.addCustomer(p.id, { email: 'twin@example.com', phone: '+15550109999' });
		const newer = sim.addCustomer(p.id, { email: 'twin@example.com' });
		older.archived_at = sim.now();
		expect(await charge({ email: 'TWIN@example.com' })).toBe(200);
		expect(customerOfLast()).toBe(newer.id);
		expect((await call('DELETE', `/project/customers/${newer.id}`)).status).toBeLessThan(300);
		expect(await charge({ email: 'twin@example.com' })).toBe(200);
		expect(customerOfLast()).toBe(older.id);
		expect(await charge({ phone: '+1 (555) 010-9999' })).toBe(200);
		expect(customerOfLast()).toBe(older.id);
	});

	test('messages', async () => {
		const ids = async (s: string) =>
			(await call('GET', `/project/messages?${s}`)).json.data.map((x: Json) => x.id);
		expect(await ids('channel=sms')).toEqual([2]);
		expect(await ids('template=ask-reminder')).toEqual([3]);
		expect(await ids('status=delivered')).toEqual([3]);
		expect(await ids('sort_key=created_at&sort_dir=asc')).toEqual([3, 1, 2]);
		expect(await ids('')).toEqual([2, 1, 3]);
		expect((await call('GET', '/project/messages?sort_key=id')).status).toBe(422);
		expect((await call('GET', '/project/messages?sort_key=channel')).json.message).toBe(
			'The sort key must be a message timestamp.',
		);
		expect((await call('GET', '/project/messages?channel=fax')).status).toBe(422);
		await call('DELETE', '/project/messages/1');
		await call('DELETE', '/project/messages/2');
		expect(sim.defaultProject().asks[0].is_complete).toBe(true);
	});
});
