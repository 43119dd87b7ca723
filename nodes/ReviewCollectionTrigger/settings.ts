/**
 * The trigger's parameters, read and checked once per poll: bad input is a clear error naming the
 * parameter, before any request.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { slugOf } from '../ReviewCollection/helpers/params';
import type { TriggerEvent } from './events/events';
import { EVENTS, FILTER_NAMES, JOIN_EVENTS, LATE_EVENTS } from './events/events';
import type { Watch } from './reading/list-request';
import { termsOf } from './rules/unanswered';
import { DEFAULT_TIMEOUT_MS } from './reading/watch';
import { GUESSES } from '../ReviewCollection/transport/guesses';

export const DEFAULT_CONCURRENCY = 4;
export const MAX_EVENTS = { min: 1, max: 10_000, default: 1_000 } as const;

/** Query parameters the trigger sends itself (contract §9 "Order"): a user's would change the list read. */
export const RESERVED_QUERY = [
	'sort_key',
	GUESSES.sortDirection.name,
	'date_key',
	'date_from',
	'date_to',
	GUESSES.page.name,
	GUESSES.perPage.name,
	GUESSES.facet.name,
];

export interface TriggerSettings {
	watch: Watch;
	allProjects: boolean;
	concurrency: number;
	maxEvents: number;
	/** Options → Start From, Unix seconds. */
	startFrom?: number;
}

export function settingsOf(ctx: IPollFunctions): TriggerSettings {
	return {
		watch: watchOf(ctx),
		allProjects:
			ctx.getNodeParameter('authentication', 'projectKey') === 'agencyKey' &&
			ctx.getNodeParameter('projectScope', 'one') === 'all',
		concurrency: concurrencyOf(ctx),
		maxEvents: maxEventsOf(ctx),
		startFrom: startFromOf(ctx),
	};
}

/** The event and its filters (empty values are not used). */
function watchOf(ctx: IPollFunctions): Watch {
	const event = ctx.getNodeParameter('event', 'newReview') as TriggerEvent;
	if (!EVENTS[event])
		throw new NodeOperationError(ctx.getNode(), `Unknown event "${String(event)}"`);
	const values = ctx.getNodeParameter('filters', {}) as IDataObject;
	const filters: IDataObject = {};
	for (const name of FILTER_NAMES[EVENTS[event].kind]) {
		// The Source filter is a picker; workflows saved before it hold a plain string.
		const value = values[name];
		if (value === undefined || value === null) continue;
		const text = slugOf(value);
		if (text !== '') filters[name] = text;
	}
	const windowMinutes =
		LATE_EVENTS.includes(event) || JOIN_EVENTS.includes(event)
			? Number(ctx.getNodeParameter('options.lateEventWindow', 10))
			: 0;
	const window =
		Math.max(0, Math.min(1440, Number.isFinite(windowMinutes) ? windowMinutes : 10)) * 60;
	const timeout = ctx.getNodeParameter('requestOptions.timeout', DEFAULT_TIMEOUT_MS) as number;
	return {
		event,
		filters,
		extraQuery: extraQueryOf(ctx),
		windowSeconds: LATE_EVENTS.includes(event) ? window : 0,
		joinSeconds: JOIN_EVENTS.includes(event) ? window : 0,
		timeoutMs: Number(timeout) > 0 ? Number(timeout) : DEFAULT_TIMEOUT_MS,
		terms: termsOf(ctx, event),
	};
}

function extraQueryOf(ctx: IPollFunctions): IDataObject {
	const extra = ctx.getNodeParameter('options.queryParameters.parameter', []) as Array<{
		name: string;
		value: string;
	}>;
	const query: IDataObject = {};
	for (const { name, value } of extra) {
		const key = String(name ?? '').trim();
		if (key === '') continue;
		if (RESERVED_QUERY.includes(key.toLowerCase())) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Query Parameter "${key}" cannot be used on the trigger: the trigger sets the list's order and paging itself`,
				{
					description: `The trigger reads each list in the order of its event and pages it itself (${RESERVED_QUERY.join(', ')}). Remove "${key}" from Options → Query Parameters; use the Filters for what to fire on.`,
				},
			);
		}
		query[key] = value;
	}
	return query;
}

/** Options → Start From in Unix seconds, or undefined when empty. */
function startFromOf(ctx: IPollFunctions): number | undefined {
	const value = ctx.getNodeParameter('options.startFrom', '') as string;
	if (value === '' || value === null || value === undefined) return undefined;
	const ms = Date.parse(String(value));
	if (Number.isNaN(ms)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid Start From: "${String(value)}" is not a date-time`,
			{
				description:
					'Give a date and time (ISO 8601, e.g. 2026-11-01T00:00:00Z), or leave it empty.',
			},
		);
	}
	return Math.floor(ms / 1000);
}

function concurrencyOf(ctx: IPollFunctions): number {
	const value = Number(ctx.getNodeParameter('requestOptions.concurrency', DEFAULT_CONCURRENCY));
	return Number.isInteger(value) ? Math.max(1, Math.min(16, value)) : DEFAULT_CONCURRENCY;
}

function maxEventsOf(ctx: IPollFunctions): number {
	const value = ctx.getNodeParameter('options.maxEventsPerPoll', MAX_EVENTS.default) as unknown;
	const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (
		typeof count !== 'number' ||
		!Number.isInteger(count) ||
		count < MAX_EVENTS.min ||
		count > MAX_EVENTS.max
	) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Invalid Max Events per Poll: ${JSON.stringify(value)} is not a whole number from 1 to 10,000`,
			{ description: 'Set Options → Max Events per Poll to a whole number from 1 to 10,000.' },
		);
	}
	return count;
}
