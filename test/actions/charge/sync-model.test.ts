/**
 * Issue 30 / contract §9 "The customer of a sync", against a plain reference model: random customers
 * (households sharing a phone, archived customers, two customers with one email), random CRM items
 * naming them by email or by phone written in several ways, at Concurrency 1 to 4, a first run that
 * fails at a random POST, then a re-run. Whatever the history, the charges the simulator holds are the
 * model's: each item, in input order, is skipped when a charge of the same amount and second exists for
 * one of the customers its email (else its phone) names, and otherwise recorded for the customer the
 * service picks. A failure prints the seed and the history.
 */
import { useSimulator } from '../../harness/simulator-env';
import { chargeSync } from './sync-parameters';

const env = useSimulator();
const HISTORIES = 12;
const PAID = Date.parse('2026-11-20T10:00:00Z') / 1000;

/** xorshift32: a small generator whose runs can be replayed from a seed. */
function generator(seed: number) {
	let state = seed || 1;
	const next = () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) / 2 ** 32;
	};
	return { below: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}

interface Person {
	id: number;
	email: string;
	digits: string;
}

const phoneWritten = (digits: string, way: number) =>
	[
		`+${digits}`,
		`+1 (555) 010-${digits.slice(-4)}`,
		`${digits.slice(0, 1)} 555 010 ${digits.slice(-4)}`,
	][way];

function history(seed: number) {
	const random = generator(seed);
	const project = env.sim.defaultProject();
	const people: Person[] = [];
	const phones = ['15550100051', '15550100052', '15550100053'];
	for (let i = 0; i < 6; i++) {
		const email = i === 5 ? people[0].email : `p${seed}x${i}@example.com`; // two with one email
		const digits = phones[random.below(phones.length)]; // households share phones
		const customer = env.sim.addCustomer(project.id, { email, phone: `+${digits}` });
		if (random.chance(0.3)) customer.archived_at = env.sim.now();
		people.push({ id: customer.id, email, digits });
	}
	const items = Array.from({ length: 8 }, () => {
		const person = people[random.below(people.length)];
		const byEmail = random.chance(0.5);
		return {
			email: byEmail ? person.email.toUpperCase() : '',
			phone: byEmail && random.chance(0.5) ? '' : phoneWritten(person.digits, random.below(3)),
			amount: 100 + random.below(2),
			currency: 'USD',
			paidAt: PAID + random.below(2),
		};
	});
	return { people, items, concurrency: 1 + random.below(4), failAt: random.below(8) };
}

/** The customers the service takes an item for: those with its email, else those with its phone. */
function named(people: Person[], item: { email: string; phone: string }): Person[] {
	const email = item.email.trim().toLowerCase();
	const byEmail = people.filter((p) => email !== '' && p.email === email);
	if (byEmail.length > 0 || email !== '')
		return byEmail.length > 0 ? byEmail : byPhone(people, item);
	return byPhone(people, item);
}
const byPhone = (people: Person[], item: { phone: string }) =>
	people.filter((p) => item.phone !== '' && p.digits === item.phone.replace(/\D/g, ''));

describe('Skip If Already Recorded against a reference model', () => {
	it.each(Array.from({ length: HISTORIES }, (_, i) => [1000 + i * 7919]))(
		'seed %i: a failed run and its re-run hold the model charges',
		async (seed) => {
			const { people, items, concurrency, failAt } = history(seed);
			const expected: string[] = [];
			for (const item of items) {
				const ids = named(people, item).map((p) => p.id);
				const key = (id: number) => `${id} ${item.amount} ${item.paidAt}`;
				if (ids.some((id) => expected.includes(key(id)))) continue;
				// The service's pick: the newest customer with the email, else with the phone.
				expect(ids.length).toBeGreaterThan(0); // every item names a customer of the history
				expected.push(key(Math.max(...ids)));
			}
			env.sim.injectFault({
				method: 'POST',
				path: '/project/charges',
				skip: failAt,
				fault: { kind: 'status', status: 503 },
			});
			const parameters = chargeSync({ requestOptions: { concurrency, maxRetries: 0 } });
			await env.run(parameters, { input: items });
			env.sim.clearFaults();
			const again = await env.run(parameters, { input: items });

			const held = env.sim
				.defaultProject()
				.charges.items.filter((ch) => people.some((p) => p.id === ch.customer_id))
				.map((ch) => `${ch.customer_id} ${ch.amount} ${ch.charged_at}`);
			const context = JSON.stringify({ seed, concurrency, failAt, people, items });
			expect({ error: again.error?.message, context }).toEqual({ error: undefined, context });
			expect({ held: held.sort(), context }).toEqual({ held: expected.sort(), context });
		},
	);
});
