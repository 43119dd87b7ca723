/** Shared pieces of the trigger's engine tests: a poller against the simulator, and what it emitted. */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Poller } from '.';
import { createPoller } from '.';
import type { SimulatorEnv } from './simulator-env';
import { byId } from './simulator-env';

export type Event = 'newReview' | 'newMessage';

export const pathOf = (event: Event) =>
	event === 'newReview' ? '/project/reviews' : '/project/messages';

/** A poller of the trigger, signed with the project key unless `agency` (then the agency key + project). */
export function pollerFor(
	env: SimulatorEnv,
	event: Event,
	parameters: INodeParameters = {},
	agency = false,
): Poller {
	const project = env.sim.defaultProject();
	return createPoller({
		parameters: agency
			? { event, authentication: 'agencyKey', projectId: byId(project.id), ...parameters }
			: { event, ...parameters },
		credentials: agency ? env.agencyCredentials() : env.projectCredentials(),
	});
}

/** Ids of one poll's output (none for null). */
export function idsOf(output: INodeExecutionData[][] | null): number[] {
	if (output === null) return [];
	expect(output).toHaveLength(1);
	return output[0].map((item) => item.json.id as number);
}

/** Polls, counting the list requests the poll made (GET on the event's list path). */
export async function pollCounting(
	env: SimulatorEnv,
	poller: Poller,
	event: Event,
	mode: 'trigger' | 'manual' = 'trigger',
): Promise<{ ids: number[]; requests: number; output: INodeExecutionData[][] | null }> {
	const before = env.requests('GET', pathOf(event)).length;
	const output = await poller.poll(mode);
	const requests = env.requests('GET', pathOf(event)).length - before;
	return { ids: idsOf(output), requests, output };
}

/** Ids 1..n above `from`, ascending. */
export const range = (from: number, count: number) =>
	Array.from({ length: count }, (_, i) => from + i);

/** The largest id of the event's records in the default project. */
export function maxId(env: SimulatorEnv, event: Event): number {
	const project = env.sim.defaultProject();
	const items = event === 'newReview' ? project.reviews.items : project.messages.items;
	return items.length ? items[items.length - 1].id : 0;
}

/**
 * The id of the newest record as the list orders it: reviews by id (duplicates are not listed by
 * default), messages by created_at then id. The seed has a message whose id is larger but whose
 * created_at is older than two others, so for messages this is not `maxId`.
 */
export function newestId(env: SimulatorEnv, event: Event): number {
	const project = env.sim.defaultProject();
	if (event === 'newReview') {
		const listed = project.reviews.items.filter((r) => !r.is_duplicate);
		return listed.length ? listed[listed.length - 1].id : 0;
	}
	const sorted = [...project.messages.items].sort(
		(a, b) => a.created_at - b.created_at || a.id - b.id,
	);
	return sorted.length ? sorted[sorted.length - 1].id : 0;
}

/** Adds `count` records of the event (reviews: score 4; messages: email) and returns their ids. */
export function addRecords(
	env: SimulatorEnv,
	event: Event,
	count: number,
	fields: Record<string, unknown> = {},
): number[] {
	const project = env.sim.defaultProject();
	const start = maxId(env, event);
	if (event === 'newReview') env.sim.addReviews(project.id, count, { score: 4, ...fields });
	else env.sim.addMessages(project.id, count, fields);
	const items = event === 'newReview' ? project.reviews.items : project.messages.items;
	return items.filter((r) => r.id > start).map((r) => r.id);
}

/** Waits until the simulator has logged a request matching `test` (the request is then in flight). */
export async function requestArrived(
	env: SimulatorEnv,
	test: (query: Record<string, unknown>) => boolean,
	path: string,
) {
	for (let i = 0; i < 500; i++) {
		if (env.requests('GET', path).some((r) => r.path === path && test(r.query))) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`no request to ${path} arrived`);
}

/** Every GET of `path` waits `ms` before it is answered, like a distant service (a 'hang' that never runs out). */
export function slowDown(env: SimulatorEnv, path: string, ms: number) {
	env.sim.injectFault({
		fault: { kind: 'hang', ms },
		method: 'GET',
		path,
		times: Number.MAX_SAFE_INTEGER,
	});
}
