/**
 * Issue 35 defect 3: a service that answers smaller pages than asked (its largest page is smaller, or it
 * ignores `per_page` under another name) must not make the walk take a short page for the list's end.
 * 60 records after activation fire once each, in order, whatever the page size.
 */
import { useSimulator } from '../../harness/simulator-env';
import { idsOf } from '../../harness/trigger-pollers';
import { createPoller } from '../../harness';

const env = useSimulator();

describe.each(['page-size-ignored', 'small-pages', 'strict-25'])('dialect %s', (dialect) => {
	it.each(['newCustomer', 'newReview', 'newMessage'] as const)(
		'%s: 60 records after activation each fire once, in order',
		async (event) => {
			env.sim.setDialect(dialect);
			const project = env.sim.defaultProject();
			const poller = createPoller({
				parameters: { event },
				credentials: env.projectCredentials(),
			});
			expect(idsOf(await poller.poll())).toEqual([]);
			const before = new Set(
				(event === 'newCustomer'
					? project.customers.items
					: event === 'newReview'
						? project.reviews.items
						: project.messages.items
				).map((r) => r.id),
			);
			if (event === 'newCustomer')
				for (let i = 0; i < 60; i++)
					env.sim.addCustomer(project.id, { email: `c${i}@example.com` });
			else if (event === 'newReview') env.sim.addReviews(project.id, 60, { score: 4 });
			else env.sim.addMessages(project.id, 60, {});
			const added = (
				event === 'newCustomer'
					? project.customers.items
					: event === 'newReview'
						? project.reviews.items
						: project.messages.items
			)
				.map((r) => r.id)
				.filter((id) => !before.has(id));
			const fired: number[] = [];
			for (let poll = 0; poll < 5; poll++) fired.push(...idsOf(await poller.poll()));
			expect(fired).toEqual(added);
		},
	);
});
