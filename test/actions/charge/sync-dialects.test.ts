/**
 * Issue 35 "the same guarantees under every dialect": the syncs find the customer as the service does,
 * archived customers included, whatever the service named otherwise (test/simulator/dialect.ts): the
 * filter names (`email`, `search`), the facet that lists archived customers (`all`: refused by one
 * service, ignored by another), the page size. Skip If Already Recorded run twice records each charge
 * once (also for an archived customer); Skip If Asked Within skips a customer asked recently.
 */
import { DIALECTS } from '../../simulator/dialect';
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
		email: 'gone@example.com',
		phone: '',
		amount: 800,
		currency: 'eur',
		paidAt: '2026-11-20T10:00:07Z',
	},
	{
		email: '',
		phone: '+1 (555) 010-0099',
		amount: 900,
		currency: 'usd',
		paidAt: '2026-11-20T11:00:07Z',
	},
];

describe.each(DIALECTS.map((d) => d.name))('dialect %s', (dialect) => {
	it('Skip If Already Recorded, run twice: each charge once, an archived customer’s too', async () => {
		env.sim.setDialect(dialect);
		const project = env.sim.defaultProject();
		const archived = env.sim.addCustomer(project.id, { email: 'gone@example.com' });
		env.sim.addCustomer(project.id, { email: 'phone@example.com', phone: '+15550100099' });
		project.customers.get(archived.id)!.archived_at = env.sim.now() - 86_400;
		const first = await env.run(chargeSync(), { input: items });
		expect(first.error).toBeUndefined();
		const again = await env.run(chargeSync(), { input: items });
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json.skipped)).toEqual([true, true, true]);
		for (const { amount } of items)
			expect(project.charges.items.filter((charge) => charge.amount === amount)).toHaveLength(1);
	});

	it('Skip If Asked Within: a customer asked yesterday is not asked again', async () => {
		env.sim.setDialect(dialect);
		const alice = env.sim
			.defaultProject()
			.customers.items.find((c) => c.email === 'alice@example.com')!;
		alice.last_asked_at = Math.floor(Date.now() / 1000) - 86_400;
		const asks = env.sim.defaultProject().asks.length;
		const { items: out, error } = await env.run({
			resource: 'ask',
			operation: 'create',
			channels: ['email'],
			email: 'alice@example.com',
			phone: '',
			options: { skipIfAskedWithinDays: 7 },
		});
		expect(error).toBeUndefined();
		expect(out[0].json).toMatchObject({ skipped: true, customerId: alice.id });
		expect(env.sim.defaultProject().asks.length).toBe(asks);
	});
});
