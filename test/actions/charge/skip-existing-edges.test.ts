/**
 * Skip If Already Recorded where the service differs or fails (issue 42, item 5), through the engine:
 * - a service that shows currencies in lower case (`usd`; edge dialect `lower-currency`: the spec says
 *   "three-letter ISO currency code", not its case) records nothing twice;
 * - when the customer of a charge found for an unlisted customer (an archived one, where the service
 *   ignores the facet: dialect `other-names`) cannot be read (a 5xx, a dropped connection), the item
 *   fails: never a second charge. Only a refusal (the customer is gone) lets the charge be recorded.
 */
import { useSimulator } from '../../harness/simulator-env';
import { chargeSync } from './sync-parameters';

const env = useSimulator();

const items = [
	{
		email: 'alice@example.com',
		phone: '',
		amount: 700,
		currency: 'usd',
		paidAt: '2026-11-20T09:00:07Z',
	},
	{
		email: 'new@example.com',
		phone: '',
		amount: 800,
		currency: 'EUR',
		paidAt: '2026-11-20T10:00:07Z',
	},
];

const chargesOf = (amount: number) =>
	env.sim.defaultProject().charges.items.filter((charge) => charge.amount === amount);

describe('Skip If Already Recorded on a service showing currencies in lower case', () => {
	beforeEach(() => env.sim.setDialect('lower-currency'));

	it('run twice: the second run sends no POST and skips both', async () => {
		const first = await env.run(chargeSync(), { input: items });
		expect(first.error).toBeUndefined();
		expect(first.items.map((item) => item.json.currency)).toEqual(['usd', 'eur']);
		env.sim.clearLog();

		const again = await env.run(chargeSync(), { input: items });

		expect(again.error).toBeUndefined();
		expect(env.requests('POST', '/project/charges')).toHaveLength(0);
		expect(again.items.map((item) => item.json.skipped)).toEqual([true, true]);
		expect(chargesOf(700)).toHaveLength(1);
		expect(chargesOf(800)).toHaveLength(1);
	});

	it('the same charge twice in one run: recorded once', async () => {
		const { items: out, error } = await env.run(chargeSync(), { input: [items[0], items[0]] });

		expect(error).toBeUndefined();
		expect(env.requests('POST', '/project/charges')).toHaveLength(1);
		expect(out.map((item) => item.json.skipped)).toEqual([undefined, true]);
		expect(chargesOf(700)).toHaveLength(1);
	});
});

describe('Skip If Already Recorded: the customer of an unlisted customer’s charge cannot be read', () => {
	const gone = {
		email: 'gone@example.com',
		phone: '',
		amount: 900,
		currency: 'usd',
		paidAt: '2026-11-20T11:00:07Z',
	};

	/** An archived customer with the charge already recorded; the service lists archived ones nowhere. */
	function recordedForArchived(): number {
		env.sim.setDialect('other-names');
		const project = env.sim.defaultProject();
		const customer = env.sim.addCustomer(project.id, { email: gone.email });
		env.sim.addCharge(project.id, {
			customer_id: customer.id,
			amount: gone.amount,
			currency: 'USD',
			charged_at: gone.paidAt,
		});
		project.customers.get(customer.id)!.archived_at = env.sim.now() - 86_400;
		env.sim.clearLog();
		return customer.id;
	}

	it.each([
		['HTTP 500', { kind: 'status', status: 500 } as const],
		['HTTP 503', { kind: 'status', status: 503 } as const],
		['a dropped connection', { kind: 'drop' } as const],
	])('%s: the item fails, no POST, one charge', async (_name, fault) => {
		const customerId = recordedForArchived();
		env.sim.injectFault({
			method: 'GET',
			path: `/project/customers/${customerId}`,
			fault,
			times: 10,
		});

		const { items: out, error } = await env.run(chargeSync({ requestOptions: { maxRetries: 0 } }), {
			input: [gone],
		});

		expect(env.requests('GET', `/project/customers/${customerId}`)).toHaveLength(1);
		expect(out).toHaveLength(0);
		expect(error).toBeDefined();
		expect(env.requests('POST', '/project/charges')).toHaveLength(0);
		expect(chargesOf(gone.amount)).toHaveLength(1);
	});

	it('with Continue On Fail: the item becomes { error }, no POST', async () => {
		const customerId = recordedForArchived();
		env.sim.injectFault({
			method: 'GET',
			path: `/project/customers/${customerId}`,
			fault: { kind: 'status', status: 500 },
			times: 10,
		});

		const { items: out, error } = await env.run(chargeSync({ requestOptions: { maxRetries: 0 } }), {
			input: [gone],
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(Object.keys(out[0].json)).toEqual(['error']);
		expect(env.requests('POST', '/project/charges')).toHaveLength(0);
		expect(chargesOf(gone.amount)).toHaveLength(1);
	});

	it('read once it answers: skipped, as the recorded charge', async () => {
		const customerId = recordedForArchived();

		const { items: out, error } = await env.run(chargeSync(), { input: [gone] });

		expect(error).toBeUndefined();
		expect(env.requests('GET', `/project/customers/${customerId}`)).toHaveLength(1);
		expect(out[0].json).toMatchObject({ skipped: true, amount: gone.amount });
		expect(env.requests('POST', '/project/charges')).toHaveLength(0);
	});
});
