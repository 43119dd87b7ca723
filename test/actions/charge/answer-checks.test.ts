/**
 * Charge → Get Many: a charge shows its charged_at, so a date range the service ignores is a clear
 * error, never charges outside the days asked for (contract §10, "What the answer shows is checked").
 */
import { useSimulator } from '../../harness/simulator-env';

const env = useSimulator();
const DAY = 86400;

describe('charge → getAll: a date range the service ignores', () => {
	it('charges outside Date From..Date To: an error naming the date filter, nothing output', async () => {
		const project = env.sim.defaultProject();
		const now = env.sim.now();
		for (let i = 0; i < 5; i++) env.sim.addCharge(project.id, { charged_at: now - i * 40 * DAY });
		env.sim.answering = (request) => {
			if (request.path !== '/project/charges') return;
			delete request.query.date_from;
			delete request.query.date_to;
		};
		const day = new Date((now - 40 * DAY) * 1000).toISOString().slice(0, 10);

		const { items, error } = await env.run({
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
			filters: { dateFrom: day, dateTo: day },
		});

		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/Filters → Date From \/ Date To .*date_from=.*ignored/);
		expect(error?.message).toMatch(/charged_at/);
	});

	it('a range the service applies: the charges of those days, no error', async () => {
		const project = env.sim.defaultProject();
		const now = env.sim.now();
		const inside = env.sim.addCharge(project.id, { charged_at: now - 40 * DAY });
		env.sim.addCharge(project.id, { charged_at: now - 80 * DAY });
		const day = new Date((now - 40 * DAY) * 1000).toISOString().slice(0, 10);

		const { items, error } = await env.run({
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
			filters: { dateFrom: day, dateTo: day },
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([inside.id]);
	});
});
