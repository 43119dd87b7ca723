import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { credentialsByAuthentication } from '../ReviewCollection/descriptors/common';
import { slugOf } from '../ReviewCollection/helpers/params';
import { simplifyRecord } from '../ReviewCollection/helpers/summaries';
import * as listSearch from '../ReviewCollection/methods/listSearch';
import { usePollKeyCache } from '../ReviewCollection/transport/credentials';
import type { ProjectRef } from './agency';
import { DEFAULT_CONCURRENCY, newestOfEveryProject, pollEveryProject } from './agency';
import { PollBudget } from './budget';
import type { ListRecord } from './cursor';
import { cursorJson, sinceCursor, storedCursor } from './cursor';
import { SIMPLIFY_KIND, triggerProperties } from './description';
import type { TriggerEvent } from './events';
import { EVENTS, FILTER_NAMES, LATE_EVENTS } from './events';
import { oneAtATime } from './handed';
import { fromLegacy, legacyScopeOf } from './legacy';
import { scopeOf } from './scope';
import { deadlineOf } from './unanswered';
import type { Watch } from './list-request';
import { DEFAULT_TIMEOUT_MS, firstLook, newestMatching, walkFrom } from './watch';

/**
 * Polling trigger (contract §4, §7, §8). The walk over a list (./walk.ts) and the cursor (./cursor.ts)
 * are pure; ./watch.ts sends their requests within the poll's budget; this class keeps the cursor in the
 * node's static data, written only once a poll succeeded: a failure throws before, so nothing moves and
 * the next successful poll emits what was missed.
 */
export class ReviewCollectionTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Review Collection Trigger',
		name: 'reviewCollectionTrigger',
		icon: {
			light: 'file:../ReviewCollection/reviewCollection.svg',
			dark: 'file:../ReviewCollection/reviewCollection.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow once for every new, replied or unanswered review, review-request message event or customer change of a Review Collection project (or of every project of an agency)',
		defaults: { name: 'Review Collection Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialsByAuthentication,
		properties: triggerProperties,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		usePollKeyCache(this);
		const watch = watchOf(this);
		const concurrency = concurrencyOf(this);
		const allProjects =
			this.getNodeParameter('authentication', 'projectKey') === 'agencyKey' &&
			this.getNodeParameter('projectScope', 'one') === 'all';

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": the newest matching record; static data is not touched.
			const newest = allProjects
				? await newestOfEveryProject(this, watch, concurrency)
				: await newestOne(this, watch);
			if (!newest) {
				throw new NodeOperationError(
					this.getNode(),
					'No data with the current filter could be found',
					{
						description:
							'Nothing matching the event and filters has happened yet. Make it happen once, or loosen the filters.',
					},
				);
			}
			return [output(this, watch, [newest.record], newest.project)];
		}

		const staticData = this.getWorkflowStaticData('node');
		// The budget starts now: n8n's timeout counts the wait for an earlier poll of this trigger too.
		const budget = new PollBudget(this);
		return await oneAtATime(
			this,
			staticData,
			budget,
			async () => await pollActive(this, watch, staticData, allProjects, concurrency, budget),
		);
	}
}

async function pollActive(
	ctx: IPollFunctions,
	watch: Watch,
	staticData: IDataObject,
	allProjects: boolean,
	concurrency: number,
	budget: PollBudget,
): Promise<INodeExecutionData[][] | null> {
	// Its time went on waiting for an earlier poll of this trigger: the next poll goes on from there.
	if (budget.spent()) return null;
	const scope = await scopeOf(ctx, watch, allProjects);
	// Start From applies to the first poll after activation only: a change of scope starts silently.
	const activation =
		staticData.cursor === undefined &&
		staticData.projects === undefined &&
		staticData.scope === undefined;
	const startFrom = activation ? startFromOf(ctx) : undefined;
	if (allProjects) {
		delete staticData.cursor;
		const emitted = await pollEveryProject(ctx, watch, staticData, {
			scope,
			legacyScope: legacyScopeOf(ctx, watch, true),
			budget,
			concurrency,
			startFrom,
		});
		const items = emitted.flatMap(({ project, records }) => output(ctx, watch, records, project));
		return items.length > 0 ? [items] : null;
	}

	// One project: an All Projects state of before is not resumed later.
	delete staticData.scope;
	delete staticData.projects;
	delete staticData.waiting;
	delete staticData.activatedAt;
	let cursor =
		storedCursor(staticData.cursor, scope) ??
		fromLegacy(staticData.cursor, legacyScopeOf(ctx, watch, false), scope, watch);
	if (!cursor && startFrom !== undefined)
		cursor = sinceCursor(scope, startFrom, watch.windowSeconds);
	if (!cursor) {
		// First poll after activation (or after the event, project, credential, Base URL or Query
		// Parameters changed): record where the list stands; emits nothing.
		staticData.cursor = cursorJson(await firstLook(ctx, watch, undefined, scope, budget));
		return null;
	}
	const result = await walkFrom(ctx, watch, undefined, cursor, budget);
	if (!result) return null;
	staticData.cursor = cursorJson(result.cursor);
	return result.records.length > 0 ? [output(ctx, watch, result.records)] : null;
}

async function newestOne(ctx: IPollFunctions, watch: Watch) {
	const record = await newestMatching(ctx, watch, undefined);
	return record ? { record, project: undefined } : undefined;
}

/** Items as emitted: simplified when asked (the `project` of an agency-wide trigger kept on top). */
function output(
	ctx: IPollFunctions,
	watch: Watch,
	records: ListRecord[],
	project?: ProjectRef,
): INodeExecutionData[] {
	const simplify = ctx.getNodeParameter('simplify', false) === true;
	const kind = SIMPLIFY_KIND[EVENTS[watch.event].kind];
	return records.map((record) => {
		const json = simplify ? simplifyRecord(kind, record) : record;
		return { json: project ? { ...json, project } : json };
	});
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
	const extra = ctx.getNodeParameter('options.queryParameters.parameter', []) as Array<{
		name: string;
		value: string;
	}>;
	const extraQuery: IDataObject = {};
	for (const { name, value } of extra) {
		const key = String(name ?? '').trim();
		if (key !== '' && key !== 'page' && key !== 'per_page') extraQuery[key] = value;
	}
	const windowMinutes = LATE_EVENTS.includes(event)
		? Number(ctx.getNodeParameter('options.lateEventWindow', 10))
		: 0;
	const timeout = ctx.getNodeParameter('requestOptions.timeout', DEFAULT_TIMEOUT_MS) as number;
	return {
		event,
		filters,
		extraQuery,
		windowSeconds:
			Math.max(0, Math.min(1440, Number.isFinite(windowMinutes) ? windowMinutes : 10)) * 60,
		timeoutMs: Number(timeout) > 0 ? Number(timeout) : DEFAULT_TIMEOUT_MS,
		deadline: deadlineOf(ctx, event),
	};
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
