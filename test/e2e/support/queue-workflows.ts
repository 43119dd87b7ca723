/**
 * The workflows of test/e2e/queue.e2e.ts and the credentials they use: a production webhook that
 * creates charges, and one trigger workflow per authentication mode (TRIGGER_CASES).
 */
import { randomUUID } from 'node:crypto';

import type { ApiSimulator } from '../../simulator';

type Json = Record<string, any>;

const PACKAGE = 'n8n-nodes-review-collection';
export const CREDENTIALS = {
	project: {
		id: 'rcQueueProject01',
		name: 'Review Collection Project (queue)',
		type: 'reviewCollectionProjectApi',
	},
	agency: {
		id: 'rcQueueAgency001',
		name: 'Review Collection Agency (queue)',
		type: 'reviewCollectionAgencyApi',
	},
};
const credentialRef = (c: { id: string; name: string }) => ({ id: c.id, name: c.name });
/** One poll every 15 s: n8n refuses sub-minute crons, so four minute crons at different seconds. */
const EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })),
};

/**
 * A trigger case: the project it adds reviews to, how the trigger authenticates and what the next node
 * does with each review (`effect`: the PUT it leaves at the simulator, one per delivered review; each
 * case has its own, since the agency-wide trigger also sees the other cases' reviews).
 */
export interface TriggerCase {
	name: string;
	workflowId: string;
	projectId: (sim: ApiSimulator) => number;
	trigger: Json;
	action: Json;
	effect: 'mark-replied' | 'flag-hidden';
}

const projectNamed = (name: string) => (sim: ApiSimulator) =>
	sim.state.projects.find((p) => p.name === name)!.id;
const ACTIONS = {
	'mark-replied': { resource: 'review', operation: 'markReplied', replied: true },
	'flag-hidden': { resource: 'review', operation: 'flagHidden', isHidden: false },
};
export const TRIGGER_CASES: TriggerCase[] = [
	{
		name: 'project key',
		workflowId: 'rcQueueTrigger01',
		projectId: (sim) => sim.defaultProject().id,
		trigger: {
			parameters: { event: 'newReview' },
			credentials: { reviewCollectionProjectApi: credentialRef(CREDENTIALS.project) },
		},
		action: {
			parameters: {},
			credentials: { reviewCollectionProjectApi: credentialRef(CREDENTIALS.project) },
		},
		effect: 'mark-replied',
	},
	{
		name: 'agency key, one project',
		workflowId: 'rcQueueTrigger02',
		projectId: projectNamed('Queue Agency Client'),
		trigger: {
			parameters: {
				event: 'newReview',
				authentication: 'agencyKey',
				projectId: { __rl: true, mode: 'id', value: '' },
			},
			credentials: { reviewCollectionAgencyApi: credentialRef(CREDENTIALS.agency) },
		},
		action: {
			parameters: { authentication: 'agencyKey', projectId: { __rl: true, mode: 'id', value: '' } },
			credentials: { reviewCollectionAgencyApi: credentialRef(CREDENTIALS.agency) },
		},
		effect: 'mark-replied',
	},
	{
		name: 'agency key, all projects',
		workflowId: 'rcQueueTrigger03',
		projectId: projectNamed('Queue Agency Wide'),
		trigger: {
			parameters: { event: 'newReview', authentication: 'agencyKey', projectScope: 'all' },
			credentials: { reviewCollectionAgencyApi: credentialRef(CREDENTIALS.agency) },
		},
		action: {
			// Every item carries the project it came from.
			parameters: {
				authentication: 'agencyKey',
				projectId: { __rl: true, mode: 'id', value: '={{ $json.project.id }}' },
			},
			credentials: { reviewCollectionAgencyApi: credentialRef(CREDENTIALS.agency) },
		},
		effect: 'flag-hidden',
	},
];

/** Trigger → an action on the review: every delivered review leaves exactly one PUT of the case's effect. */
export function triggerWorkflow(c: TriggerCase, projectId: number): Json {
	const withProject = (parameters: Json) =>
		parameters.projectId?.value === ''
			? { ...parameters, projectId: { ...parameters.projectId, value: String(projectId) } }
			: parameters;
	return {
		id: c.workflowId,
		name: `Queue: new reviews (${c.name})`,
		nodes: [
			{
				id: randomUUID(),
				name: 'New Review',
				type: `${PACKAGE}.reviewCollectionTrigger`,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: EVERY_15_SECONDS, ...withProject(c.trigger.parameters) },
				credentials: c.trigger.credentials,
			},
			{
				id: randomUUID(),
				name: 'Act on Review',
				type: `${PACKAGE}.reviewCollection`,
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					...ACTIONS[c.effect],
					reviewId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					...withProject(c.action.parameters),
				},
				credentials: c.action.credentials,
			},
		],
		connections: { 'New Review': { main: [[{ node: 'Act on Review', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

export const WEBHOOK_PATH = 'rc-queue-charges';
/** Production webhook → one item per charge → Create Charge (Concurrency 4). */
export const chargesWorkflow = {
	id: 'rcQueueCharges01',
	name: 'Queue: charges from a webhook',
	nodes: [
		{
			id: randomUUID(),
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: {
				httpMethod: 'POST',
				path: WEBHOOK_PATH,
				responseMode: 'onReceived',
				options: {},
			},
		},
		{
			id: randomUUID(),
			name: 'One Item per Charge',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [240, 0],
			parameters: { fieldToSplitOut: 'body.charges', options: {} },
		},
		{
			id: randomUUID(),
			name: 'Create Charge',
			type: `${PACKAGE}.reviewCollection`,
			typeVersion: 1,
			position: [480, 0],
			parameters: {
				resource: 'charge',
				operation: 'create',
				amount: '={{ $json.amount }}',
				currency: 'USD',
				additionalFields: { email: '={{ $json.email }}' },
				requestOptions: { concurrency: 4 },
			},
			credentials: { reviewCollectionProjectApi: credentialRef(CREDENTIALS.project) },
		},
	],
	connections: {
		Webhook: { main: [[{ node: 'One Item per Charge', type: 'main', index: 0 }]] },
		'One Item per Charge': { main: [[{ node: 'Create Charge', type: 'main', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};
