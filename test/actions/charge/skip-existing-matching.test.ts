/**
 * Issue 23.1, through the engine against the simulator: which recorded charge "Skip If Already
 * Recorded" takes for an item (same amount, currency, second and customer, however written) and which
 * it does not.
 */

import { byId, useSimulator } from '../../harness/simulator-env';
import { chargeSync } from './sync-parameters';

const env = useSimulator();

describe('charge → create, Skip If Already Recorded: which charge counts as recorded', () => {
	describe('a recorded charge of alice: 500 USD at 2026-11-20 09:30:15 UTC', () => {
		let existing: { id: number };
		beforeEach(() => {
			existing = env.sim.addCharge(env.sim.defaultProject().id, {
				email: 'alice@example.com',
				amount: 500,
				currency: 'USD',
				charged_at: '2026-11-20T09:30:15Z',
			});
			env.sim.clearLog();
		});
		const alice = { email: 'alice@example.com', phone: '', amount: 500, currency: 'USD' };

		it.each([
			['another amount', { amount: 501 }],
			['another currency', { currency: 'EUR' }],
			['another second', { paidAt: '2026-11-20T09:30:16Z' }],
			['another customer', { email: 'bob@example.com' }],
		])('%s is created', async (_what, change) => {
			const input = [{ ...alice, paidAt: '2026-11-20T09:30:15Z', ...change }];

			const { items, error } = await env.run(chargeSync(), { input });

			expect(error).toBeUndefined();
			expect(env.requests('POST', '/project/charges')).toHaveLength(1);
			expect(items[0].json.skipped).toBeUndefined();
		});

		it.each([
			['the same text', {}],
			['the same instant in another offset', { paidAt: '2026-11-20T10:30:15+01:00' }],
			['the same instant as Unix seconds', { paidAt: Date.parse('2026-11-20T09:30:15Z') / 1000 }],
			['the same second with milliseconds', { paidAt: '2026-11-20T09:30:15.480Z' }],
			['the amount as a string and the currency in lower case', { amount: '500', currency: 'usd' }],
			['the email in another case', { email: ' Alice@Example.com' }],
			['only the phone, in another format', { email: '', phone: '+1 (555) 010-0001' }],
			[
				'an email the service does not know and the phone of alice (the service found her by phone)',
				{ email: 'alice.new@example.com', phone: '+15550100001' },
			],
		])('%s is skipped and outputs the recorded charge', async (_what, change) => {
			const input = [{ ...alice, paidAt: '2026-11-20T09:30:15Z', ...change }];

			const { items, error } = await env.run(chargeSync(), { input });

			expect(error).toBeUndefined();
			expect(env.requests('POST')).toHaveLength(0);
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({ ...env.sim.toJson('charge', existing.id), skipped: true });
		});

		it('a charge whose customer the service no longer has is not taken: the charge is created', async () => {
			const project = env.sim.defaultProject();
			const customer = project.customers.items.find((c) => c.email === 'alice@example.com')!;
			// Deleted, its charge left behind: the service would charge a new customer.
			project.customers.remove(customer.id);
			project.customerByEmail.delete('alice@example.com');
			project.customerByPhone.delete('15550100001');

			const { items, error } = await env.run(chargeSync(), {
				input: [{ ...alice, paidAt: '2026-11-20T09:30:15Z' }],
			});

			expect(error).toBeUndefined();
			expect(env.requests('POST', '/project/charges')).toHaveLength(1);
			expect(items[0].json.skipped).toBeUndefined();
			expect(project.charges.items.filter((ch) => ch.amount === 500)).toHaveLength(2);
		});

		it('with the agency key, the same charge in another project is not taken for it', async () => {
			const acme = env.sim.defaultProject();
			const other = env.sim.createProject('Corner Cafe');
			const item = { ...alice, paidAt: '2026-11-20T09:30:15Z' };

			const { items, error } = await env.run(
				chargeSync({ authentication: 'agencyKey', projectId: byId('={{ $json.project }}') }),
				{
					input: [
						{ ...item, project: acme.id },
						{ ...item, project: other.id },
					],
					credentials: env.agencyCredentials(),
				},
			);

			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ id: existing.id, skipped: true });
			expect(items[1].json.skipped).toBeUndefined();
			expect(other.charges.items).toHaveLength(1);
			expect(other.charges.items[0]).toMatchObject({ amount: 500, currency: 'USD' });
		});

		it('is found when that day has several pages of charges', async () => {
			const project = env.sim.defaultProject();
			for (let i = 0; i < 250; i++)
				env.sim.addCharge(project.id, {
					email: 'bob@example.com',
					amount: 500,
					currency: 'USD',
					charged_at: Date.parse('2026-11-20T09:30:15Z') / 1000 + (i % 2) * 60,
				});
			env.sim.clearLog();

			const { items, error } = await env.run(chargeSync(), {
				input: [{ ...alice, paidAt: '2026-11-20T09:30:15Z' }],
			});

			expect(error).toBeUndefined();
			expect(env.requests('POST')).toHaveLength(0);
			expect(items[0].json).toMatchObject({ id: existing.id, skipped: true });
		});

		it('an archived customer (found only by phone) is skipped too', async () => {
			const project = env.sim.defaultProject();
			const carol = project.customers.items.find((c) => c.phone === '+15550100003')!;
			expect(carol.archived_at).not.toBeNull();
			const charge = env.sim.addCharge(project.id, {
				customer_id: carol.id,
				amount: 700,
				charged_at: '2026-11-19T23:59:59Z',
			});

			const { items, error } = await env.run(chargeSync(), {
				input: [
					{
						email: '',
						phone: '+15550100003',
						amount: 700,
						currency: 'USD',
						paidAt: '2026-11-19T23:59:59Z',
					},
				],
			});

			expect(error).toBeUndefined();
			expect(env.requests('POST')).toHaveLength(0);
			expect(items[0].json).toMatchObject({ id: charge.id, skipped: true });
		});
	});
});
