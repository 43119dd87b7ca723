/**
 * Shared steps of the late-appearance tests (issue 40, item 3): records created now that the lists show
 * only later (a late commit, a lagging read replica: test/simulator/late-join.ts), and the triggers of
 * New Review, New Customer and New Message on either of n8n's ways of keeping static data.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { DurableCursorTrigger, LegacySavedTrigger } from '../../harness/n8n-saving';
import type { SimulatorEnv } from '../../harness/simulator-env';
import { byId } from '../../harness/simulator-env';

export type AppearsEvent = 'newReview' | 'newCustomer' | 'newMessage';
export const APPEARS_EVENTS: AppearsEvent[] = ['newReview', 'newCustomer', 'newMessage'];

export const LIST_OF = {
	newReview: 'reviews',
	newCustomer: 'customers',
	newMessage: 'messages',
} as const;

let customers = 0;

/** One new record of the event's list in the default project, created now (the service's clock). */
export function createRecord(env: SimulatorEnv, event: AppearsEvent): number {
	const project = env.sim.defaultProject().id;
	const now = env.sim.now();
	if (event === 'newReview') return env.sim.addReview(project, { score: 4, created_at: now }).id;
	if (event === 'newMessage') return env.sim.addMessage(project, { created_at: now }).id;
	return env.sim.addCustomer(project, { email: `late.${++customers}@example.com`, created_at: now })
		.id;
}

/** Creates a record now that the lists show `seconds` later (the service's clock). */
export function createLate(env: SimulatorEnv, event: AppearsEvent, seconds: number): number {
	const id = createRecord(env, event);
	env.sim.joinLate(LIST_OF[event], id, seconds);
	return id;
}

/** The trigger's parameters: One Project (the project key) or All Projects (the agency key). */
export function triggerOptions(
	env: SimulatorEnv,
	event: AppearsEvent,
	scope: 'one' | 'all',
	options: INodeParameters = {},
) {
	const parameters: INodeParameters =
		scope === 'one'
			? { event, options, requestOptions: { maxRetries: 0 } }
			: {
					event,
					authentication: 'agencyKey',
					projectScope: 'all',
					options,
					requestOptions: { maxRetries: 0 },
				};
	return {
		parameters,
		credentials: scope === 'one' ? env.projectCredentials() : env.agencyCredentials(),
	};
}

/** A trigger as n8n runs it: default saving (with restarts) or durable poll cursors. */
export interface SavedTrigger {
	poll(): Promise<INodeExecutionData[][] | null>;
	/** n8n restarts (default saving: what was saved; durable: the committed cursor). */
	restart(): void;
}

export function savedTrigger(
	saving: 'legacy' | 'durable',
	options: ReturnType<typeof triggerOptions>,
): SavedTrigger {
	if (saving === 'legacy') {
		const legacy = new LegacySavedTrigger(options);
		let activated = false;
		return {
			async poll() {
				if (activated) return await legacy.poll();
				activated = true;
				return await legacy.activate();
			},
			restart: () => legacy.restart(),
		};
	}
	let durable = new DurableCursorTrigger(options);
	return {
		poll: async () => await durable.poll(),
		restart() {
			const committed = durable.committed;
			durable = new DurableCursorTrigger(options);
			durable.committed = committed;
		},
	};
}

/** The ids one poll emitted. */
export function emittedIds(output: INodeExecutionData[][] | null): number[] {
	return output === null ? [] : output[0].map((item) => item.json.id as number);
}

export { byId };
