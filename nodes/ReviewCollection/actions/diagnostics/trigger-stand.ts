/**
 * Explain Trigger, pure: a workflow as n8n's public API returns it → the Review Collection Trigger's
 * stand, from the state the trigger keeps in its static data (nodes/ReviewCollectionTrigger/state/state.ts,
 * account.ts). Says what it cannot read, never guesses.
 */
import type { IDataObject } from 'n8n-workflow';

import type {
	Account,
	ProjectAccount,
	Tally,
} from '../../../ReviewCollectionTrigger/state/account';
import { accountFromJson, WITHHELD_REASONS } from '../../../ReviewCollectionTrigger/state/account';

export const TRIGGER_TYPE_SUFFIX = '.reviewCollectionTrigger';

/** The trigger node of a workflow, as the explanation uses it. */
export interface TriggerNode {
	name: string;
	event: string;
	scope: 'one' | 'all';
	parameters: IDataObject;
}

/** What was read of the trigger's state; `missing` says why there is none to read. */
export interface StateRead {
	state?: IDataObject;
	account?: Account;
	missing?: string;
}

const iso = (seconds: unknown) =>
	typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;

export { iso };

export const LAST_POLL_NOTE =
	"The last poll n8n saved. On n8n's default saving a poll that emits nothing is not saved (n8n 1.x always; 2.x unless durable poll cursors are on), so polls after it that found nothing are not shown; with durable poll cursors n8n keeps the newest state outside the workflow's static data, which its public API does not show. A poll that fails saves nothing: its error is the failed execution n8n lists (Executions).";

/** The workflow's first enabled Review Collection Trigger. */
export function triggerOf(workflow: IDataObject): TriggerNode | undefined {
	const nodes = Array.isArray(workflow.nodes) ? (workflow.nodes as IDataObject[]) : [];
	const node = nodes.find(
		(candidate) =>
			typeof candidate.type === 'string' &&
			candidate.type.endsWith(TRIGGER_TYPE_SUFFIX) &&
			candidate.disabled !== true,
	);
	if (!node) return undefined;
	const parameters = (node.parameters ?? {}) as IDataObject;
	return {
		name: String(node.name),
		event: String(parameters.event ?? 'newReview'),
		scope: parameters.projectScope === 'all' ? 'all' : 'one',
		parameters,
	};
}

/** The trigger's static data in the workflow (an object, or JSON text as some n8n versions give it). */
export function stateOf(workflow: IDataObject, trigger: TriggerNode): StateRead {
	let staticData: unknown = workflow.staticData;
	if (typeof staticData === 'string') {
		try {
			staticData = JSON.parse(staticData);
		} catch {
			staticData = undefined;
		}
	}
	const state = (staticData as IDataObject | null | undefined)?.[`node:${trigger.name}`] as
		IDataObject | undefined;
	if (!state || Object.keys(state).length === 0) {
		const why =
			workflow.active === true
				? "n8n holds no state of this trigger: n8n keeps a trigger's static data saved at activation and by each poll that emits, so the workflow was activated before this version of the trigger saved any, or it runs on durable poll cursors, which n8n keeps outside the workflow's static data (its public API does not show them)."
				: 'The workflow is not active: the trigger does not poll, and n8n holds no state of it.';
		return { missing: why };
	}
	const [event] = String(state.scope ?? '').split('|');
	if (event !== trigger.event)
		return {
			state,
			missing: `The state n8n holds belongs to the event ${event || 'of an earlier version'}, not ${trigger.event}: the trigger was changed since its last saved poll, and its next poll starts afresh (silently).`,
		};
	const account = accountFromJson(state.account);
	if (!account)
		return {
			state,
			missing:
				'The state n8n holds has no account of what the trigger did: it was saved by an earlier version of the package (the next poll that emits saves one).',
		};
	return { state, account };
}

/** The stand of each project, as a person reads it (times as ISO 8601). */
export function projectStands(account: Account): IDataObject[] {
	return Object.entries(account.projects).map(([key, project]) => standOf(key, project));
}

function standOf(key: string, project: ProjectAccount): IDataObject {
	const stand: IDataObject = {
		project: key === 'own' ? 'the project of the credential' : key,
		lastRead: iso(project.polled),
		recordsRead: project.read,
		fired: {
			count: project.emitted?.n ?? 0,
			last: (project.emitted?.last ?? []).map(([id, at]) => ({ id, at: iso(at) })),
		},
	};
	if (project.held)
		stand.waiting = {
			count: project.held.n,
			next: project.held.keys.map(([, id]) => id),
			backlog: project.held.more === true,
		};
	const never: IDataObject = {};
	for (const reason of WITHHELD_REASONS) {
		const tally: Tally | undefined = project.never?.[reason];
		if (tally) never[reason] = { count: tally.n, lastIds: tally.last.map(([id]) => id) };
	}
	stand.never = never;
	if (project.error) stand.lastError = { at: iso(project.error[0]), message: project.error[1] };
	return stand;
}
