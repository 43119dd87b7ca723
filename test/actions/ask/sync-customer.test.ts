/**
 * Issue 30 defect 3 / contract §9 "The customer of a sync", through the engine against the simulator:
 * Skip If Asked Within finds the customer as the service does: phones by their digits, archived
 * customers, any of several customers with one email, and one customer named two ways in one run.
 */
import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();
const recently = () => Math.floor(Date.now() / 1000) - 86400;
const ask = (extra: Record<string, unknown> = {}) => ({
	resource: 'ask',
	operation: 'create',
	channels: '={{ $json.channels }}',
	email: '={{ $json.email }}',
	phone: '={{ $json.phone }}',
	options: { skipIfAskedWithinDays: 7 },
	...extra,
});
const byEmail = (email: string) => ({ channels: ['email'], email, phone: '' });
const byPhone = (phone: string) => ({ channels: ['sms'], email: '', phone });
const addCustomer = (email: string, phone: string, lastAskedAt: number | null) => {
	const customer = env.sim.addCustomer(env.sim.defaultProject().id, { email, phone });
	customer.last_asked_at = lastAskedAt;
	return customer;
};

describe('ask → create, Skip If Asked Within: the customer as the service sees it', () => {
	it.each([
		[
			'a phone written another way',
			() => addCustomer('', '+15550100025', recently()),
			byPhone('+1 (555) 010-0025'),
		],
		[
			'an archived customer',
			() => {
				const customer = addCustomer('hal@example.com', '', recently());
				customer.archived_at = env.sim.now();
				return customer;
			},
			byEmail('hal@example.com'),
		],
		[
			'the older of two customers with one email',
			() => {
				const older = addCustomer('ivy@example.com', '', recently());
				addCustomer('ivy@example.com', '', null);
				return older;
			},
			byEmail('ivy@example.com'),
		],
	])('skips %s asked yesterday', async (_what, arrange, item) => {
		const customer = arrange();
		env.sim.clearLog();

		const { items, error } = await env.run(ask(), { input: [item] });

		expect(error).toBeUndefined();
		expect(env.requests('POST')).toHaveLength(0);
		expect(items[0].json).toMatchObject({ skipped: true, customerId: customer.id });
	});

	it('Concurrency 2, one customer by email in item 0 and by phone in item 1: asked once', async () => {
		const jay = addCustomer('jay@example.com', '+15550100026', null);
		env.sim.clearLog();

		const { items, error } = await env.run(ask({ requestOptions: { concurrency: 2 } }), {
			input: [byEmail('jay@example.com'), byPhone('+15550100026')],
		});

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/asks')).toHaveLength(1);
		expect(items[0].json.skipped).toBeUndefined();
		expect(items[1].json).toMatchObject({ skipped: true, customerId: jay.id });
	});
});
