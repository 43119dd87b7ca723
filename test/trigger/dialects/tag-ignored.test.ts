/**
 * Issue 35 "right, or a clear error": the customer list has no tags, so New Customer with a Tag filter
 * asks the service which customers carry it, with the guessed parameter `tag`. A service that ignores it
 * (dialect other-names) listed every customer as carrying the tag: untagged customers fired. The trigger
 * now reads one of them on its own (its record shows its tags) and fails the poll naming the parameter.
 */
import { createPoller } from '../../harness';
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';

const env = useSimulator();

describe.each([
	['guesses', true],
	['other-names', false],
])('dialect %s', (dialect, honoured) => {
	it('New Customer with a Tag: only tagged customers fire, or the poll fails naming the parameter', async () => {
		env.sim.setDialect(dialect);
		const project = env.sim.defaultProject();
		const poller = createPoller({
			parameters: { event: 'newCustomer', filters: { tag: 'vip' } },
			credentials: env.projectCredentials(),
		});
		expect(idsOf(await poller.poll())).toEqual([]);
		const untagged = env.sim.addCustomer(project.id, { email: 'plain@example.com' }).id;
		const tagged = env.sim.addCustomer(project.id, {
			email: 'vip@example.com',
			tag_slugs: ['vip'],
		}).id;
		if (honoured) {
			expect(idsOf(await poller.poll())).toEqual([tagged]);
			return;
		}
		await expect(poller.poll()).rejects.toThrow(/Tag filter.*tag=vip/);
		// Nothing moved: the same error again, and nothing fired.
		await expect(poller.poll()).rejects.toThrow(/tag=vip/);
		expect(untagged).toBeLessThan(tagged);
	});
});
