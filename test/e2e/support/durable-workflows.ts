/**
 * The workflows of test/e2e/durable.e2e.ts: one trigger workflow per case, each against a simulator
 * of its own (a held request, a slowed list or a large agency affects only its case).
 */
import type { ApiSimulator } from '../../simulator';
import { type TriggerCase, triggerWorkflow } from './queue-workflows';

type Json = Record<string, any>;

/** n8n's durable poll scheduler with durable cursors (opt-in, n8n 2.41), for every process. */
export const DURABLE_SCHEDULER_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	// A poll gets 10 s (its budget: 5 s); past it n8n abandons the poll and backs off.
	N8N_SCHEDULER_POLL_TIMEOUT: '10',
	// Poll Times missed by less than this are still run after a restart, all at once (default 60 s). A
	// restart here (30 s down, then n8n's boot on a busy CI machine) takes longer than a production one;
	// 5 minutes keeps what a quick restart does: the missed Poll Times run together.
	N8N_SCHEDULER_MISFIRE_GRACE: '300',
};

export type DurableCaseName = 'kill' | 'backlog' | 'agency';

const credential = (id: string, type: string) => ({ id, name: `Review Collection (${id})`, type });
export const DURABLE_CREDENTIALS: Record<
	DurableCaseName,
	{ id: string; name: string; type: string }
> = {
	kill: credential('rcDurableKill001', 'reviewCollectionProjectApi'),
	backlog: credential('rcDurableBacklog', 'reviewCollectionProjectApi'),
	agency: credential('rcDurableAgency1', 'reviewCollectionAgencyApi'),
};
const ref = (name: DurableCaseName) => ({
	[DURABLE_CREDENTIALS[name].type]: {
		id: DURABLE_CREDENTIALS[name].id,
		name: DURABLE_CREDENTIALS[name].name,
	},
});

const projectKeyCase = (name: DurableCaseName, workflowId: string): TriggerCase => ({
	name: `durable, ${name}`,
	workflowId,
	projectId: (sim) => sim.defaultProject().id,
	trigger: { parameters: { event: 'newReview' }, credentials: ref(name) },
	action: { parameters: {}, credentials: ref(name) },
	effect: 'mark-replied',
});

export const DURABLE_CASES: Record<DurableCaseName, TriggerCase> = {
	kill: projectKeyCase('kill', 'rcDurableKill001'),
	backlog: projectKeyCase('backlog', 'rcDurableBacklog'),
	agency: {
		name: 'durable, agency key, all projects',
		workflowId: 'rcDurableAgency1',
		projectId: (sim) => sim.defaultProject().id,
		trigger: {
			parameters: { event: 'newReview', authentication: 'agencyKey', projectScope: 'all' },
			credentials: ref('agency'),
		},
		action: {
			parameters: {
				authentication: 'agencyKey',
				projectId: { __rl: true, mode: 'id', value: '={{ $json.project.id }}' },
			},
			credentials: ref('agency'),
		},
		effect: 'flag-hidden',
	},
};

/** The credential of a case, pointing at its simulator. */
export function durableCredential(name: DurableCaseName, sim: ApiSimulator): Json {
	const apiKey = name === 'agency' ? sim.agencyKey : sim.defaultProject().key;
	return { ...DURABLE_CREDENTIALS[name], data: { baseUrl: sim.baseUrl, apiKey } };
}

export const durableWorkflow = (name: DurableCaseName, sim: ApiSimulator): Json =>
	triggerWorkflow(DURABLE_CASES[name], DURABLE_CASES[name].projectId(sim));
