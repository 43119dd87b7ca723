/**
 * Issue 23.1, through the engine against the simulator: Charge → Create with "Skip If Already Recorded"
 * (`options.skipExisting`) makes a sync that failed part-way safe to run again: each charge is
 * recorded once. What counts is what the simulator holds afterwards, and which requests it received.
 */
import { NodeOperationError } from 'n8n-workflow';

import { useSimulator } from '../../harness/simulator-env';
import { chargeSync } from './sync-parameters';

const env = useSimulator();

/** `count` CRM charges of one day, each of its own customer (`buyer{i}@example.com`). */
const crmCharges = (count: number, customers = count) =>
	Array.from({ length: count }, (_, i) => ({
		email: `buyer${i % customers}@example.com`,
		phone: '',
		amount: 1000 + i,
		currency: 'usd',
		paidAt: `2026-11-20T${String(8 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}:07Z`,
	}));

const chargesOf = (email: string) => {
	const project = env.sim.defaultProject();
	const customer = project.customers.items.find((c) => c.email === email);
	return customer ? project.charges.items.filter((ch) => ch.customer_id === customer.id) : [];
};

const failSixthPost = () =>
	env.sim.injectFault({
		method: 'POST',
		path: '/project/charges',
		skip: 5,
		fault: { kind: 'status', status: 500 },
	});

describe('charge → create, Skip If Already Recorded: a sync run again records each charge once', () => {
	it('a 10-item sync that failed at the 6th POST, run again: 5 skipped with their ids, 5 created', async () => {
		const input = crmCharges(10);
		failSixthPost();
		const first = await env.run(chargeSync(), { input });
		expect(first.error?.message).toMatch(/500/);
		const recorded = input.slice(0, 5).map((item) => chargesOf(item.email));
		expect(recorded.map((charges) => charges.length)).toEqual([1, 1, 1, 1, 1]);
		expect(input.slice(5).map((item) => chargesOf(item.email).length)).toEqual([0, 0, 0, 0, 0]);
		env.sim.clearLog();

		const again = await env.run(chargeSync(), { input });

		expect(again.error).toBeUndefined();
		expect(input.map((item) => chargesOf(item.email).length)).toEqual(new Array(10).fill(1));
		expect(env.requests('POST', '/project/charges')).toHaveLength(5);
		expect(again.items).toHaveLength(10);
		again.items.slice(0, 5).forEach((item, i) => {
			expect(item.json).toMatchObject({ skipped: true, id: recorded[i][0].id, amount: 1000 + i });
			expect(item.pairedItem).toEqual({ item: i });
		});
		again.items.slice(5).forEach((item, i) => {
			expect(item.json.skipped).toBeUndefined();
			expect(item.json).toMatchObject({ email: `buyer${5 + i}@example.com`, amount: 1005 + i });
		});
	});

	it('the same sync run twice with nothing failing: the second run sends no POST', async () => {
		const input = crmCharges(6, 3);
		await env.run(chargeSync(), { input });
		env.sim.clearLog();

		const again = await env.run(chargeSync(), { input });

		expect(again.error).toBeUndefined();
		expect(again.items.every((item) => item.json.skipped === true)).toBe(true);
		expect(env.requests('POST')).toHaveLength(0);
		expect([0, 1, 2].map((i) => chargesOf(`buyer${i}@example.com`).length)).toEqual([2, 2, 2]);
	});

	it('8 items of 2 customers at Concurrency 4, failing at the 6th POST, then run twice more: 8 charges', async () => {
		const input = crmCharges(8, 2);
		const concurrent = chargeSync({ requestOptions: { concurrency: 4 } });
		failSixthPost();
		const first = await env.run(concurrent, { input });
		expect(first.error).toBeDefined();

		const second = await env.run(concurrent, { input });
		const third = await env.run(concurrent, { input });

		expect(second.error).toBeUndefined();
		expect(third.error).toBeUndefined();
		const charges = [...chargesOf('buyer0@example.com'), ...chargesOf('buyer1@example.com')];
		expect(charges.map((ch) => ch.amount).sort()).toEqual(input.map((item) => item.amount));
		expect(third.items.every((item) => item.json.skipped === true)).toBe(true);
	});

	it('the same charge twice in one run at Concurrency 4 is recorded once: the items of one customer do not race past the check', async () => {
		const [x, y] = crmCharges(2);
		const input = [x, { ...x, email: ' BUYER0@example.com' }, y, y];

		const { items, error } = await env.run(chargeSync({ requestOptions: { concurrency: 4 } }), {
			input,
		});

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/charges')).toHaveLength(2);
		expect(chargesOf('buyer0@example.com')).toHaveLength(1);
		expect(chargesOf('buyer1@example.com')).toHaveLength(1);
		expect(items.map((item) => item.json.skipped === true)).toEqual([false, true, false, true]);
		expect(items[1].json).toMatchObject({ amount: x.amount, currency: 'USD', skipped: true });
	});

	it('a POST of the same execution while a charge list is being paged through does not break the paging', async () => {
		const project = env.sim.defaultProject();
		env.sim.addCustomer(project.id, { email: 'buyer0@example.com' });
		for (let i = 0; i < 150; i++)
			env.sim.addCharge(project.id, {
				email: 'bob@example.com',
				charged_at: Date.parse('2026-11-20T12:00:00Z') / 1000 - i,
			});
		env.sim.clearLog();
		// Page 2 of the list is answered late; a charge of another customer, newer than all of them
		// (the top of page 1), is posted meanwhile unless the node holds it back.
		env.sim.injectFault({
			method: 'GET',
			path: '/project/charges',
			skip: 1,
			fault: { kind: 'hang', ms: 400 },
		});
		env.sim.injectFault({
			method: 'POST',
			path: '/project/charges',
			fault: { kind: 'hang', ms: 100 },
		});
		const input = [
			{ ...crmCharges(1)[0], skip: true },
			{
				email: 'other@example.com',
				phone: '',
				amount: 7,
				currency: 'USD',
				paidAt: '2026-11-21T08:00:00Z',
				skip: false,
			},
		];

		const { items, error } = await env.run(
			chargeSync({
				options: { skipExisting: '={{ $json.skip }}' },
				requestOptions: { concurrency: 2 },
			}),
			{ input },
		);

		expect(error).toBeUndefined();
		expect(env.requests('GET', '/project/charges').map((r) => r.query.page)).toEqual(['1', '2']);
		expect(env.requests('POST', '/project/charges')).toHaveLength(2);
		expect(items.map((item) => item.json.skipped)).toEqual([undefined, undefined]);
	});

	it.each([
		[
			'without Charged At',
			{ email: 'a@example.com', phone: '', paidAt: '' },
			/Charged At in item 1: is needed with Skip If Already Recorded/,
		],
		[
			'without an email or phone',
			{ email: '', phone: ' ', paidAt: '2026-11-20T10:00:00Z' },
			/Email in item 1: an email or a phone is needed with Skip If Already Recorded/,
		],
	])('an item %s fails before any request of its own', async (_what, bad, message) => {
		const input = [
			{
				email: 'ok@example.com',
				phone: '',
				amount: 1,
				currency: 'USD',
				paidAt: '2026-11-20T10:00:00Z',
			},
			{ amount: 2, currency: 'USD', ...bad },
		];

		const { error } = await env.run(chargeSync(), { input });

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(message);
		expect(
			env.sim.requests.filter((r) => JSON.stringify(r.body ?? '').includes('"amount":2')),
		).toEqual([]);
		const alone = await (async () => {
			env.sim.clearLog();
			return await env.run(chargeSync(), { input: [input[1]] });
		})();
		expect(alone.error?.message).toMatch(message.source.replace('item 1', 'item 0'));
		expect(env.sim.requests).toHaveLength(0);
	});

	it('with the option off nothing is looked up', async () => {
		const { error } = await env.run(chargeSync({ options: {} }), { input: crmCharges(2) });

		expect(error).toBeUndefined();
		expect(env.sim.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
	});
});
