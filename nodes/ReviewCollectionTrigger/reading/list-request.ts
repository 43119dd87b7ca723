/**
 * A list request of the trigger: one page of an event's list, in the event's order, within the poll's
 * budget. A leaf both the walk (./watch.ts) and the tag question (./asked.ts) send through.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { apiRequest } from '../../ReviewCollection/transport';
import type { PollBudget } from './budget';
import type { TriggerEvent } from '../events/events';
import type { EventTerms } from '../rules/event-terms';
import { EVENTS, LIST_PATHS, orderQuery } from '../events/events';
import type { PageAsk, PageShape } from '../walk/paging';
import { GUESSES } from '../../ReviewCollection/transport/guesses';

export interface Watch {
	event: TriggerEvent;
	/** The user's filters (empty values dropped). */
	filters: IDataObject;
	/** Options → Query Parameters: sent with every list request (part of the cursor's scope). */
	extraQuery: IDataObject;
	/** Late Event Window in seconds (0 for events without one). */
	windowSeconds: number;
	/** New Review, New Customer: the Late Event Window for a record listed late (../walk/late-join.ts). */
	joinSeconds?: number;
	/** Request Options → Timeout (ms). */
	timeoutMs: number;
	/** The pages the service gives, as this poll's answers showed them so far (../walk/paging.ts). */
	shape?: PageShape;
	/** What the event's own rule adds (Review Unanswered's hours and the poll's clock): ../rules/event-terms.ts. */
	terms: EventTerms;
}

/** Which project the requests act on: undefined = the node's own credential / Project parameter. */
export type ProjectTarget = string | undefined;

export async function list(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	ask: PageAsk,
	budget?: PollBudget,
	range: { since?: number; from?: number } = {},
): Promise<{ data?: unknown; pagination?: unknown }> {
	const { since } = range;
	const from =
		since !== undefined
			? sinceQuery(watch.event, since)
			: range.from !== undefined
				? { date_from: dayOf(range.from) }
				: {};
	const query = {
		...orderQuery(watch.event, ask.direction),
		...from,
		...watch.terms.query(from.date_from),
		...watch.extraQuery,
		[GUESSES.page.name]: ask.page,
		[GUESSES.perPage.name]: ask.perPage,
	};
	const send = async () =>
		await apiRequest(ctx, {
			method: 'GET',
			path: LIST_PATHS[EVENTS[watch.event].kind],
			qs: query,
			...(project !== undefined ? { authentication: 'agencyKey', project } : {}),
			// Within the budget: no attempt, wait or answer past its deadline (transport/request.ts).
			...(budget ? { deadline: budget.requestDeadline(), execution: budget.execution } : {}),
		});
	const envelope = budget ? await budget.measure(send) : await send();
	return { data: envelope.data, pagination: envelope.pagination };
}

/** The newest record of the list (one record a page: for its id, or the list's size). */
export const NEWEST: PageAsk = { direction: 'desc', page: 1, perPage: 1 };

/**
 * Reading from `since`: only records of its day on (date filters are calendar dates; a day earlier, so
 * the service's time zone cannot cut one off). The walk tests the exact time.
 */
function sinceQuery(event: TriggerEvent, since: number): IDataObject {
	const moment = EVENTS[event].moment;
	return { date_key: moment === 'id' ? 'created_at' : moment, date_from: dayOf(since - 86_400) };
}

/** A calendar date (UTC) for `date_from`, never before 1970. */
export function dayOf(seconds: number): string {
	return new Date(Math.max(0, seconds) * 1000).toISOString().slice(0, 10);
}
