/**
 * Issue 30 defect 4 (From list) / contract §9: the customer picker shows the records the service's
 * free-text search answers (it also matches phone and company); the node adds no filter of its own.
 * Through n8n-core's LoadOptionsContext against the simulator.
 */
import { runListSearch } from '../harness';
import { useSimulator } from '../harness/simulator-env';

const env = useSimulator();

const searchCustomers = async (filter: string) =>
	await runListSearch({
		method: 'searchCustomers',
		parameters: { resource: 'customer', operation: 'get' },
		credentials: env.projectCredentials(),
		filter,
		parameterPath: 'parameters.customerId',
	});

describe('customer "From list": the service search results as they are', () => {
	it.each([
		['a phone', '0100077'],
		['a company', 'Widgetworks'],
	])('a search by %s shows the customer the service found', async (_what, filter) => {
		const kim = env.sim.addCustomer(env.sim.defaultProject().id, {
			first_name: 'Kim',
			email: 'kim@example.com',
			phone: '+15550100077',
			company: 'Widgetworks Ltd',
		});

		const { results } = await searchCustomers(filter);

		expect(env.requests('GET', '/project/customers')[0].query.search).toBe(filter);
		expect(results.map((result) => result.value)).toEqual([String(kim.id)]);
	});
});
