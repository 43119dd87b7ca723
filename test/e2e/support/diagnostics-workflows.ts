/**
 * The workflows of test/e2e/diagnostics.e2e.ts: an active Review Collection Trigger (New Review,
 * Score 5), a manual Check Service, and manual Explain Trigger runs (one node per record).
 */
import { randomUUID } from 'node:crypto';

import type { SimProject } from '../../simulator';

const stack = require('../../../scripts/e2e/stack');

type Json = Record<string, any>;

export const TRIGGER_WORKFLOW = 'rcDiagTrigger001';
export const CHECK_WORKFLOW = 'rcDiagCheck00001';
const ACTION = `${stack.PACKAGE}.reviewCollection`;
export const probeCredential = {
	...stack.CREDENTIALS.agency,
	id: 'rcProbeAgency001',
	name: 'Review Collection Agency (probe service)',
};
const byId = (value: number | string) => ({ __rl: true, mode: 'id', value: String(value) });
const EVERY_15_SECONDS = {
	item: [0, 15, 30, 45].map((s) => ({ mode: 'custom', cronExpression: `${s} * * * * *` })),
};
const manualTrigger = {
	id: randomUUID(),
	name: 'Run',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** New Review, Score 5 (polling, active) → No Operation. */
export const triggerWorkflow = {
	id: TRIGGER_WORKFLOW,
	name: 'Diagnostics: five-star reviews',
	nodes: [
		{
			id: randomUUID(),
			name: 'New Review',
			type: `${stack.PACKAGE}.reviewCollectionTrigger`,
			typeVersion: 1,
			position: [0, 0],
			parameters: { pollTimes: EVERY_15_SECONDS, event: 'newReview', filters: { score: 5 } },
			credentials: {
				reviewCollectionProjectApi: {
					id: stack.CREDENTIALS.project.id,
					name: stack.CREDENTIALS.project.name,
				},
			},
		},
		{
			id: randomUUID(),
			name: 'Done',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [240, 0],
			parameters: {},
		},
	],
	connections: { 'New Review': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

/** Run → Check Service (agency key, the probe's project). */
export const checkWorkflow = (project: SimProject) => ({
	id: CHECK_WORKFLOW,
	name: 'Diagnostics: check the service',
	nodes: [
		manualTrigger,
		{
			id: randomUUID(),
			name: 'Check Service',
			type: ACTION,
			typeVersion: 1,
			position: [240, 0],
			parameters: {
				resource: 'diagnostics',
				operation: 'checkService',
				authentication: 'agencyKey',
				projectId: byId(project.id),
			},
			credentials: {
				reviewCollectionAgencyApi: { id: probeCredential.id, name: probeCredential.name },
			},
		},
	],
	connections: { Run: { main: [[{ node: 'Check Service', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
});

/** Run → one Explain Trigger node per record (named after it), in a chain; '' explains the stand. */
export function explainWorkflow(records: Record<string, string>, credential: Json) {
	const names = Object.keys(records);
	return {
		name: `Diagnostics: explain (${randomUUID().slice(0, 8)})`,
		nodes: [
			manualTrigger,
			...names.map((name, i) => ({
				id: randomUUID(),
				name,
				type: ACTION,
				typeVersion: 1,
				position: [240 * (i + 1), 0],
				parameters: {
					resource: 'diagnostics',
					operation: 'explainTrigger',
					workflowId: byId(TRIGGER_WORKFLOW),
					recordId: byId(records[name]),
				},
				credentials: { n8nApi: credential },
			})),
		],
		connections: Object.fromEntries(
			['Run', ...names]
				.slice(0, -1)
				.map((from, i) => [from, { main: [[{ node: names[i], type: 'main', index: 0 }]] }]),
		),
	};
}
