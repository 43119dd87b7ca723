/**
 * Contract §11, issue 41 item 3: Diagnostics → Explain Trigger. A trigger polls the simulator through
 * the real engine; what n8n's default saving keeps of its static data is served by a stand-in for n8n's
 * public API on 127.0.0.1; the action node, through the engine and n8n's own credential type `n8nApi`,
 * answers for each record: fired, never (a filter, before activation), waiting, unknown.
 */
import type { IDataObject, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import { runNode, TRIGGER_NODE_NAME } from '../../harness';
import type { FakeN8nApi } from '../../harness/fake-n8n-api';
import { startFakeN8nApi } from '../../harness/fake-n8n-api';
import { runListSearch } from '../../harness/list-search';
import { LegacySavedTrigger } from '../../harness/n8n-saving';
import { useSimulator } from '../../harness/simulator-env';
import { addRecords, idsOf } from '../../harness/trigger-pollers';
import { ALL_PROJECTS } from '../../trigger/defects/support';

const env = useSimulator();
let n8n: FakeN8nApi;
beforeAll(async () => {
	n8n = await startFakeN8nApi();
});
afterAll(async () => await n8n.stop());
beforeEach(() => {
	n8n.workflows.clear();
	n8n.requests.length = 0;
});

const TRIGGER_TYPE = 'n8n-nodes-review-collection.reviewCollectionTrigger';

/** The workflow as n8n's API returns it: the trigger node and the static data n8n saved. */
function serve(id: string, parameters: INodeParameters, staticData: IDataObject, active = true) {
	n8n.workflows.set(id, {
		id,
		name: 'New reviews to Slack',
		active,
		nodes: [
			{ name: TRIGGER_NODE_NAME, type: TRIGGER_TYPE, typeVersion: 1, parameters },
			{ name: 'Slack', type: 'n8n-nodes-base.slack', typeVersion: 2, parameters: {} },
		],
		staticData,
	});
}

async function explain(workflowId: NodeParameterValueType, recordId = '', apiKey = n8n.apiKey) {
	return await runNode({
		parameters: {
			resource: 'diagnostics',
			operation: 'explainTrigger',
			workflowId,
			recordId: { __rl: true, mode: 'id', value: recordId },
		},
		credentials: { n8nApi: { baseUrl: n8n.apiUrl, apiKey } },
	});
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Explain Trigger on default saving: fired, filtered, before activation', () => {
	const parameters = { event: 'newReview', filters: { score: 5 } };
	let fired: number[] = [];
	let filtered = 0;
	let existing = 0;

	beforeEach(async () => {
		[existing] = addRecords(env, 'newReview', 1, { score: 5 });
		const trigger = new LegacySavedTrigger({ parameters, credentials: env.projectCredentials() });
		expect(idsOf(await trigger.activate())).toEqual([]);
		fired = addRecords(env, 'newReview', 2, { score: 5 });
		[filtered] = addRecords(env, 'newReview', 1, { score: 3 });
		expect(idsOf(await trigger.poll())).toEqual(fired);
		serve('wf1', parameters, trigger.saved);
	});

	it('the trigger, its last poll and its project, read through n8n’s API with its key', async () => {
		const { items, error } = await explain(byId('wf1'));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const json = items[0].json;
		expect(json.workflow).toEqual({ id: 'wf1', name: 'New reviews to Slack', active: true });
		expect(json.trigger).toMatchObject({
			node: TRIGGER_NODE_NAME,
			event: 'newReview',
			scope: 'One Project',
		});
		expect((json.lastPoll as IDataObject).at).toMatch(/^\d{4}-\d\d-\d\dT/);
		expect(json.projects).toEqual([
			expect.objectContaining({
				fired: { count: 2, last: fired.map((id) => ({ id, at: expect.any(String) })) },
				never: expect.objectContaining({ filter: { count: 1, lastIds: [filtered] } }),
			}),
		]);
		expect(json.record).toBeUndefined();
		expect(n8n.requests).toEqual([{ path: '/api/v1/workflows/wf1', key: n8n.apiKey }]);
		expect(JSON.stringify(items)).not.toContain(n8n.apiKey);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('records that fired: fired, with when', async () => {
		for (const id of fired) {
			const record = (await explain(byId('wf1'), String(id))).items[0].json.record as IDataObject;
			expect(record).toMatchObject({ id, verdict: 'fired' });
			expect(record.reason).toMatch(/^It fired: the poll at \d{4}-.* emitted it/);
		}
	});

	it('a review scored 3 under Score 5: never, naming the rule and the values', async () => {
		const { items } = await explain(byId('wf1'), String(filtered));
		expect(items[0].json.record).toMatchObject({ id: filtered, verdict: 'never' });
		expect((items[0].json.record as IDataObject).reason).toContain('score 3, filter Score 5');
	});

	it('a review there at activation: never, created before activation at …', async () => {
		const { items } = await explain(byId('wf1'), String(existing));
		const record = items[0].json.record as IDataObject;
		expect(record).toMatchObject({ id: existing, verdict: 'never' });
		expect(record.reason).toMatch(/created before activation at \d{4}-\d\d-\d\dT/);
	});

	it('a review not read yet: unknown, saying why (no saved poll has read it)', async () => {
		const { items } = await explain(byId('wf1'), String(filtered + 50));
		const record = items[0].json.record as IDataObject;
		expect(record.verdict).toBe('unknown');
		expect(record.reason).toContain('No saved poll has read it');
	});

	it('By URL and From list pick the same workflow', async () => {
		const url = { __rl: true, mode: 'url', value: 'https://n8n.example.com/workflow/wf1' };
		const record = (await explain(url, String(filtered))).items[0].json.record as IDataObject;
		expect(record.verdict).toBe('never');
		const found = await runListSearch({
			method: 'searchWorkflows',
			parameters: { resource: 'diagnostics', operation: 'explainTrigger' },
			credentials: { n8nApi: { baseUrl: n8n.apiUrl, apiKey: n8n.apiKey } },
			filter: 'Slack',
			parameterPath: 'parameters.workflowId',
		});
		expect(found.results).toEqual([{ name: 'New reviews to Slack', value: 'wf1' }]);
	});
});

describe('Explain Trigger where n8n holds nothing to read', () => {
	it('an active workflow with no saved state (nothing emitted yet, or durable cursors): unknown, and why', async () => {
		serve('wf2', { event: 'newReview' }, {});
		const record = (await explain(byId('wf2'), '7')).items[0].json.record as IDataObject;
		expect(record.verdict).toBe('unknown');
		expect(record.reason).toContain('durable poll cursors');
		// n8n 1.123 and 2.41 both save static data at activation (test/e2e/diagnostics.e2e.ts): an
		// active trigger without any was activated before a saved poll, or runs on durable cursors.
		expect(record.reason).toContain('saved at activation');
		expect(record.reason).not.toContain('only when a poll emits');
	});

	it('Max Events per Poll 1: a review left for the next poll waits', async () => {
		const parameters = { event: 'newReview', options: { maxEventsPerPoll: 1 } };
		const trigger = new LegacySavedTrigger({ parameters, credentials: env.projectCredentials() });
		await trigger.activate();
		const [first, second] = addRecords(env, 'newReview', 2);
		expect(idsOf(await trigger.poll())).toEqual([first]);
		serve('wf3', parameters, trigger.saved);
		const record = (await explain(byId('wf3'), String(second))).items[0].json.record as IDataObject;
		expect(record.verdict).toBe('waiting');
		expect(record.reason).toContain('Max Events per Poll 1');
	});

	it('All Projects: a review of a project added later never fires, and the answer names the project', async () => {
		const parameters = { event: 'newReview', ...ALL_PROJECTS };
		const trigger = new LegacySavedTrigger({ parameters, credentials: env.agencyCredentials() });
		await trigger.activate();
		const added = env.sim.createProject('Added Later');
		env.sim.addReviews(added.id, 1);
		const [silent] = added.reviews.items.map(({ id }) => id);
		const [fresh] = addRecords(env, 'newReview', 1);
		expect(idsOf(await trigger.poll())).toEqual([fresh]);
		serve('wf6', parameters, trigger.saved);
		const { items } = await explain(byId('wf6'), String(silent));
		expect(items[0].json.trigger).toMatchObject({ scope: 'All Projects' });
		const record = items[0].json.record as IDataObject;
		expect(record).toMatchObject({ id: silent, verdict: 'never', project: String(added.id) });
		expect(record.reason).toContain('added to the agency after activation');
		expect(JSON.stringify(items)).not.toContain(env.sim.agencyKey);
	});

	it('a trigger switched to another event since its last saved poll: unknown, saying so', async () => {
		const trigger = new LegacySavedTrigger({
			parameters: { event: 'newReview' },
			credentials: env.projectCredentials(),
		});
		await trigger.activate();
		const [id] = addRecords(env, 'newReview', 1);
		expect(idsOf(await trigger.poll())).toEqual([id]);
		serve('wf7', { event: 'newMessage' }, trigger.saved);
		const record = (await explain(byId('wf7'), String(id))).items[0].json.record as IDataObject;
		expect(record.verdict).toBe('unknown');
		expect(record.reason).toContain('belongs to the event newReview, not newMessage');
	});

	it('a key n8n refuses: an error naming the credential, without the key', async () => {
		serve('wf4', { event: 'newReview' }, {});
		const { error } = await explain(byId('wf4'), '', 'wrong-key');
		expect(error?.message).toContain('n8n refused the API key');
		expect(JSON.stringify(error)).not.toContain('wrong-key');
	});

	it('a workflow without the trigger: an error saying so', async () => {
		n8n.workflows.set('wf5', {
			id: 'wf5',
			name: 'Other',
			active: true,
			nodes: [],
			staticData: null,
		});
		const { error } = await explain(byId('wf5'));
		expect(error?.message).toContain('has no enabled Review Collection Trigger');
	});
});
