/**
 * Customer → Get Many with a Tag on a service that ignores the guessed name `tag` (issue 35, contract
 * §10): the customer list shows no tags, so the node reads the first customer of the answer on its own
 * (its record shows its tags). Ignored: an error naming Filters → Tag, nothing output. Applied: one more
 * request, and the tagged customers come out.
 */
import { NodeApiError } from 'n8n-workflow';

import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();

function addCustomers(): number[] {
	const project = env.sim.defaultProject();
	env.sim.addCustomer(project.id, { email: 'plain1@example.com' });
	const tagged = env.sim.addCustomer(project.id, { email: 'vip1@example.com', tag_slugs: ['vip'] });
	env.sim.addCustomer(project.id, { email: 'plain2@example.com' });
	return [tagged.id];
}

const getTagged = {
	resource: 'customer',
	operation: 'getAll',
	returnAll: true,
	filters: { tag: 'vip' },
};

describe('customer → getAll with Filters → Tag', () => {
	it('on a service that ignores `tag`: an error naming it, no customer output', async () => {
		addCustomers();
		env.sim.setDialect('other-names');
		const { items, error } = await env.run(getTagged);
		expect(items).toHaveLength(0);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toContain('Filters → Tag');
		expect(error?.message).toContain('tag=vip');
		expect(error?.description).toMatch(/Options → Query Parameters/);
	});

	it('on a service that applies it: the tagged customers, after one read of the first', async () => {
		const tagged = addCustomers();
		const { items, error } = await env.run(getTagged);
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id as number);
		expect(ids).toEqual(expect.arrayContaining(tagged));
		const project = env.sim.defaultProject();
		for (const id of ids) expect(project.customers.get(id)!.tag_ids.length).toBeGreaterThan(0);
		expect(env.requests('GET', `/project/customers/${ids[0]}`)).toHaveLength(1);
	});
});
