/**
 * Issue 30 defect 2 / contract §9 "The customer of a sync", through the engine against the simulator:
 * Skip If Already Recorded resolves the customer as the service does (by email, archived included and
 * any of several with one email, else by the phone's digits), items of one run that resolve to one
 * customer are one customer at any Concurrency, and a skipped charge outputs the stored charge.
 */
import { useSimulator } from '../../harness/simulator-env';
import { chargeSync } from './sync-parameters';

const env = useSimulator();
const PAID_AT = '2026-11-20T10:15:07Z';
const charge = (email: string, phone: string, amount = 4200) => ({
	email,
	phone,
	amount,
	currency: 'USD',
	paidAt: PAID_AT,
});
const project = () => env.sim.defaultProject();
const addCustomer = (email: string, phone: string) =>
	env.sim.addCustomer(project().id, { email, phone, first_name: email.split('@')[0] });
const chargesOf = (customerId: number) =>
	project().charges.items.filter((ch) => ch.customer_id === customerId);
const storedCharge = (customerId: number, amount = 4200) =>
	env.sim.addCharge(project().id, {
		customer_id: customerId,
		amount,
		currency: 'USD',
		charged_at: PAID_AT,
	});

describe('charge → create, Skip If Already Recorded: the customer as the service sees it', () => {
	it.each([[1], [2]])(
		'Concurrency %i: one customer named by email in item 0 and by phone in item 1 is charged once; item 1 outputs the stored charge',
		async (concurrency) => {
			const carol = addCustomer('carol@example.com', '+15550100031');
			env.sim.clearLog();

			const { items, error } = await env.run(chargeSync({ requestOptions: { concurrency } }), {
				input: [charge('carol@example.com', ''), charge('', '+1 (555) 010-0031')],
			});

			expect(error).toBeUndefined();
			expect(env.requests('POST', '/project/charges')).toHaveLength(1);
			const stored = chargesOf(carol.id);
			expect(stored).toHaveLength(1);
			expect(items[0].json.skipped).toBeUndefined();
			expect(items[1].json).toMatchObject({ id: stored[0].id, skipped: true, amount: 4200 });
		},
	);

	it('the same charge twice in one run: the second outputs the stored charge with its id', async () => {
		const { items, error } = await env.run(chargeSync(), {
			input: [charge('dave@example.com', ''), charge('dave@example.com', '')],
		});

		expect(error).toBeUndefined();
		const dave = project().customers.items.find((c) => c.email === 'dave@example.com')!;
		const stored = chargesOf(dave.id);
		expect(stored).toHaveLength(1);
		expect(items[1].json).toMatchObject({ id: stored[0].id, customer_id: dave.id, skipped: true });
	});

	it("a household sharing a phone: Bob's new charge is recorded although Alice has one of that amount and second", async () => {
		const alice = addCustomer('alice.h@example.com', '+15550100032');
		const bob = addCustomer('bob.h@example.com', '+15550100032');
		storedCharge(alice.id);

		const { items, error } = await env.run(chargeSync(), {
			input: [charge('bob.h@example.com', '+15550100032')],
		});

		expect(error).toBeUndefined();
		expect(items[0].json.skipped).toBeUndefined();
		expect(chargesOf(bob.id)).toHaveLength(1);
		expect(chargesOf(alice.id)).toHaveLength(1);
	});

	it.each([
		['a phone written another way', 'erin@example.com', '+15550100033', '', '+1 (555) 010-0033'],
		['an archived customer, by email', 'fay@example.com', '', 'fay@example.com', ''],
		['one of two customers with one email', 'gus@example.com', '', 'GUS@example.com', ''],
	])('finds the charge of %s', async (what, email, phone, itemEmail, itemPhone) => {
		const customer = addCustomer(email, phone);
		const recorded = storedCharge(customer.id);
		if (what.startsWith('an archived')) customer.archived_at = env.sim.now();
		if (what.startsWith('one of two')) addCustomer(email, '');
		env.sim.clearLog();

		const { items, error } = await env.run(chargeSync(), {
			input: [charge(itemEmail, itemPhone)],
		});

		expect(error).toBeUndefined();
		expect(env.requests('POST')).toHaveLength(0);
		expect(items[0].json).toMatchObject({ id: recorded.id, skipped: true });
	});
});
