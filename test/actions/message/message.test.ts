import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import * as getAll from '../../../nodes/ReviewCollection/actions/message/getAll.operation';
import { MESSAGE_TIMESTAMPS } from '../../simulator/records';
import { bearerOf, byId, useSimulator } from '../../harness/simulator-env';
import { expectReturnAllPages } from '../../harness/page-plan';

const env = useSimulator();
const DAY = 86400;

describe('message → getAll', () => {
	it('follows every page with Return All, signed with the project key', async () => {
		const project = env.sim.defaultProject();
		env.sim.addMessages(project.id, 120, { channel: 'sms' });

		const { items, error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(project.messages.items.length);
		expect(items.length).toBeGreaterThan(120);
		const requests = env.requests('GET', '/project/messages');
		expectReturnAllPages(requests, items.length);
		expect(requests.every((r) => bearerOf(r) === project.key)).toBe(true);
		const [first] = project.messages.items;
		expect(items.find((item) => item.json.id === first.id)?.json).toEqual(
			env.sim.toJson('message', first.id),
		);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('stops requesting once the Limit is reached', async () => {
		env.sim.addMessages(env.sim.defaultProject().id, 250);

		const { items } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: false,
			limit: 3,
		});

		expect(items).toHaveLength(3);
		const requests = env.requests('GET', '/project/messages');
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({ page: '1', per_page: '3' });
	});

	it('sends filters, sort and extra query parameters, and returns what they select', async () => {
		const project = env.sim.defaultProject();
		const now = env.sim.now();
		const wanted = [1, 2, 3].map((i) =>
			env.sim.addMessage(project.id, {
				channel: 'sms',
				template_slug: 'ask-reminder-sms',
				status: 'delivered',
				created_at: now - i * 3600,
			}),
		);
		env.sim.addMessage(project.id, {
			channel: 'email',
			template_slug: 'ask-reminder-email',
			status: 'delivered',
		});
		env.sim.addMessage(project.id, {
			channel: 'sms',
			template_slug: 'ask-initial-sms',
			status: 'delivered',
		});
		env.sim.addMessage(project.id, {
			channel: 'sms',
			template_slug: 'ask-reminder-sms',
			status: 'failed',
		});

		const { items, error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
			filters: {
				dateKey: 'created_at',
				dateFrom: '2000-01-01',
				dateTo: '2100-01-01T00:00:00',
				channel: 'sms',
				template: 'ask-rem',
				status: 'delivered',
			},
			options: {
				sortKey: 'created_at',
				sortDirection: 'asc',
				queryParameters: { parameter: [{ name: 'date_from', value: '1999-12-31' }] },
			},
		});

		expect(error).toBeUndefined();
		const [request] = env.requests('GET', '/project/messages');
		expect(request.query).toEqual({
			date_key: 'created_at',
			date_from: '1999-12-31',
			date_to: '2100-01-01',
			channel: 'sms',
			template: 'ask-rem',
			status: 'delivered',
			sort_key: 'created_at',
			sort_dir: 'asc',
			page: '1',
			per_page: '100',
		});
		expect(items.map((item) => item.json.id)).toEqual(wanted.map((m) => m.id).reverse());
	});

	it('offers only message timestamps as sort keys, and sends the chosen one', async () => {
		const options = getAll.description.find((property) => property.name === 'options');
		const sortKey = options?.options?.find(
			(option) => 'name' in option && option.name === 'sortKey',
		);
		const keys = (sortKey as { options: Array<{ value: string }> }).options.map(
			(option) => option.value,
		);
		expect(keys).toEqual(['created_at', 'updated_at', ...MESSAGE_TIMESTAMPS]);
		expect(keys).toContain('sent_at');
		expect(keys).not.toContain('id');

		const { error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
			options: { sortKey: 'sent_at', sortDirection: 'desc' },
		});
		expect(error).toBeUndefined();
		expect(env.requests('GET', '/project/messages')[0].query).toMatchObject({
			sort_key: 'sent_at',
			sort_dir: 'desc',
		});
	});

	it('rejects a date filter that is not a date without sending anything', async () => {
		const { error } = await env.run({
			resource: 'message',
			operation: 'getAll',
			returnAll: true,
			filters: { dateFrom: 'last week' },
		});

		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/Invalid Date From in item 0: must be a date as YYYY-MM-DD/);
		expect(env.sim.requests).toHaveLength(0);
	});

	it('uses the agency key and a project to list that project’s messages', async () => {
		const other = env.sim.createProject('Other Shop');
		env.sim.addCustomer(other.id, { email: 'x@example.com' });
		env.sim.addMessage(other.id, { channel: 'sms', created_at: env.sim.now() - DAY });

		const { items, error } = await env.run(
			{
				resource: 'message',
				operation: 'getAll',
				returnAll: true,
				authentication: 'agencyKey',
				projectId: byId(other.id),
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(other.messages.items.map((m) => m.id));
		const [keyRequest, listRequest] = env.sim.requests;
		expect(keyRequest.path).toBe(`/agency/projects/${other.id}/key`);
		expect(bearerOf(keyRequest)).toBe(env.sim.agencyKey);
		expect(listRequest.path).toBe('/project/messages');
		expect(bearerOf(listRequest)).toBe(other.key);
	});
});

describe('message → delete', () => {
	it('deletes the message and outputs { deleted: true } paired with each input item', async () => {
		const project = env.sim.defaultProject();
		const [first, second] = project.messages.items;

		const { items, error } = await env.run(
			{ resource: 'message', operation: 'delete', messageId: byId('={{ $json.id }}') },
			{ input: [{ id: first.id }, { id: second.id }] },
		);

		expect(error).toBeUndefined();
		expect(items).toEqual([
			{ json: { deleted: true, id: first.id }, pairedItem: { item: 0 } },
			{ json: { deleted: true, id: second.id }, pairedItem: { item: 1 } },
		]);
		const requests = env.requests('DELETE');
		expect(requests.map((r) => r.path)).toEqual([
			`/project/messages/${first.id}`,
			`/project/messages/${second.id}`,
		]);
		expect(requests.every((r) => bearerOf(r) === project.key)).toBe(true);
		expect(project.messages.get(first.id)).toBeUndefined();
		expect(project.messages.get(second.id)).toBeUndefined();
	});

	it('reports an unknown message with the 404 of the API; continueOnFail keeps going', async () => {
		const project = env.sim.defaultProject();
		const [message] = project.messages.items;

		const { items, error } = await env.run(
			{ resource: 'message', operation: 'delete', messageId: byId('={{ $json.id }}') },
			{ input: [{ id: 4242 }, { id: message.id }], continueOnFail: true },
		);

		expect(error).toBeUndefined();
		expect(items[0]).toEqual({
			json: { error: 'The service answered 404: Message 4242 not found.' },
			pairedItem: { item: 0 },
		});
		expect(items[1]).toEqual({ json: { deleted: true, id: message.id }, pairedItem: { item: 1 } });
		expect(project.messages.get(message.id)).toBeUndefined();
	});

	it('fails with the 404 code when not continuing on fail', async () => {
		const { error } = await env.run({
			resource: 'message',
			operation: 'delete',
			messageId: byId(4242),
		});

		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).httpCode).toBe('404');
		expect(error?.message).toBe('The service answered 404: Message 4242 not found.');
	});
});
