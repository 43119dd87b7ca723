/**
 * Message → Get Many on a service that ignores what the node asked for (issue 35, defect 4; contract
 * §10): a message shows its channel, its template's slug and its timestamps, so an ignored channel or
 * template filter, or an ignored sort direction, is a clear error, never the wrong messages.
 */
import { NodeApiError } from 'n8n-workflow';

import { useSimulator } from '../../harness/simulator-env';
import { DIALECTS } from '../../simulator/dialect';

const env = useSimulator();
const HOUR = 3600;

/** 40 messages an hour apart: emails and texts in turn, initial and reminder templates in turn. */
function addMessages(): void {
	const project = env.sim.defaultProject();
	const start = env.sim.now() - 100 * HOUR;
	for (let i = 0; i < 40; i++) {
		const channel = i % 2 === 0 ? 'email' : 'sms';
		const template = `ask-${i % 4 < 2 ? 'initial' : 'reminder'}-${channel}`;
		env.sim.addMessage(project.id, {
			channel,
			template_slug: template,
			created_at: start + i * HOUR,
			status: 'sent',
		});
	}
}

/** The texts whose template slug starts with ask-reminder, read from the simulator. */
function smsReminders(): number[] {
	return env.sim
		.defaultProject()
		.messages.items.filter((m) => m.channel === 'sms')
		.filter((m) => {
			const template = env.sim.toJson('message', m.id).template as { slug?: string } | null;
			return template?.slug?.startsWith('ask-reminder') === true;
		})
		.map((m) => m.id)
		.sort((a, b) => a - b);
}

const ids = (items: Array<{ json: { id?: unknown } }>) =>
	items.map((item) => Number(item.json.id)).sort((a, b) => a - b);

describe('message → getAll: a filter or an order the service ignores', () => {
	it.each([
		['Channel', { channel: 'sms' }, 'channel=sms'],
		['Template', { template: 'ask-reminder' }, 'template=ask-reminder'],
	])(
		'Filters → %s on a service that ignores its name: an error naming it, no message output',
		async (label, filters, sent) => {
			addMessages();
			env.sim.setDialect('other-names');

			const { items, error } = await env.run({
				resource: 'message',
				operation: 'getAll',
				returnAll: true,
				filters,
			});

			expect(items).toHaveLength(0);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error?.message).toContain(`Filters → ${label}`);
			expect(error?.message).toContain(sent);
			expect(error?.message).toMatch(/ignored/);
			expect(error?.description).toMatch(/Options → Query Parameters/);
		},
	);

	it('Sort Direction ascending on a service that ignores sort_dir: an error naming it', async () => {
		addMessages();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: false,
			limit: 10,
			options: { sortKey: 'created_at', sortDirection: 'asc' },
		});

		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/Options → Sort Direction \(sent as sort_dir=asc\).*ignored/);
	});

	it('Continue On Fail: the item becomes { error }, paired with it', async () => {
		addMessages();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run(
			{ resource: 'message', operation: 'getAll', returnAll: true, filters: { channel: 'sms' } },
			{ continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.error).toMatch(/Filters → Channel .*ignored/);
	});

	it('a sort key without a direction (the spec gives no default for messages): either order is fine', async () => {
		addMessages();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
			options: { sortKey: 'created_at' },
		});

		expect(error).toBeUndefined();
		expect(items.length).toBe(env.sim.defaultProject().messages.items.length);
	});

	it("the service's own names (Query Parameters) give the texts asked for, and no error", async () => {
		addMessages();
		env.sim.setDialect('other-names');

		const { items, error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
			filters: { channel: 'sms', template: 'ask-reminder' },
			options: {
				queryParameters: {
					parameter: [
						{ name: 'channels', value: 'sms' },
						{ name: 'template_slug', value: 'ask-reminder' },
					],
				},
			},
		});

		expect(error).toBeUndefined();
		expect(smsReminders().length).toBeGreaterThan(0);
		expect(ids(items)).toEqual(smsReminders());
	});

	it('every dialect that honours the names: channel, template and order right, no error', async () => {
		addMessages();
		for (const dialect of DIALECTS.filter((d) => d.name !== 'other-names')) {
			env.sim.setDialect(dialect.name);
			const { items, error } = await env.run({
				resource: 'message',
				operation: 'getAll',
				returnAll: true,
				filters: { channel: 'sms', template: 'ask-rem' },
				options: { sortKey: 'sent_at', sortDirection: 'asc' },
			});
			expect({ dialect: dialect.name, error }).toEqual({ dialect: dialect.name, error: undefined });
			expect(ids(items)).toEqual(smsReminders());
		}
	});
});
