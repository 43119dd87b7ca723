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
import type { Cursor, ListRecord } from './cursor';
import { storedCursor } from './cursor';
import { SIMPLIFY_KIND, triggerProperties } from './description';
import type { TriggerEvent } from './events';
import { EVENTS, FILTER_NAMES } from './events';
import type { ProjectRef } from './agency';
import { pollEveryProject, newestOfEveryProject } from './agency';
import type { Watch } from './watch';
import { firstLook, newestMatching, serverFilters, walkFrom } from './watch';

/**
 * Polling trigger (contract §4, §7). The cursor logic lives in ./cursor.ts and ./events.ts (pure,
 * unit-tested); this class sends their requests and keeps the cursor in the node's static data, written
 * only once the whole poll succeeded: a failure throws before, so nothing moves and the next successful
 * poll emits what was missed.
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
			'Starts the workflow once for every new or replied review, review-request message event or customer change of a Review Collection project (or of every project of an agency)',
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
		const allProjects =
			this.getNodeParameter('authentication', 'projectKey') === 'agencyKey' &&
			this.getNodeParameter('projectScope', 'one') === 'all';

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": the newest matching record; static data is not touched.
			const newest = allProjects
				? await newestOfEveryProject(this, watch)
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

		return await oneAtATime(this, async () => await pollActive(this, watch, allProjects));
	}
}

/**
 * Polls of one active trigger run one after another in this process: a poll started while another is
 * running (n8n may start the next before a slow one ends) waits, then reads the cursor the first stored,
 * so the two never emit a record twice. Entries live only while a poll runs.
 */
const running = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(ctx: IPollFunctions, poll: () => Promise<T>): Promise<T> {
	const slot = `${ctx.getWorkflow().id ?? 'unsaved'}:${ctx.getNode().name}`;
	const previous = running.get(slot);
	const current = (previous ?? Promise.resolve()).catch(() => undefined).then(poll);
	running.set(slot, current);
	try {
		return await current;
	} finally {
		if (running.get(slot) === current) running.delete(slot);
	}
}

async function pollActive(
	ctx: IPollFunctions,
	watch: Watch,
	allProjects: boolean,
): Promise<INodeExecutionData[][] | null> {
	const staticData = ctx.getWorkflowStaticData('node');
	if (allProjects) {
		const emitted = await pollEveryProject(ctx, watch, staticData, scopeOf(ctx, watch));
		const items = emitted.flatMap(({ project, records }) => output(ctx, watch, records, project));
		return items.length > 0 ? [items] : null;
	}

	const scope = scopeOf(ctx, watch);
	const cursor = storedCursor(staticData.cursor, scope, watch.event);
	if (!cursor) {
		// First poll after activation (or after the event, project, credential or a server-side filter
		// changed): record where the list stands; emits nothing.
		staticData.cursor = cursorJson(await firstLook(ctx, watch, scope));
		return null;
	}
	const { records, cursor: next } = await walkFrom(ctx, watch, cursor);
	staticData.cursor = cursorJson(next);
	return records.length > 0 ? [output(ctx, watch, records)] : null;
}

async function newestOne(ctx: IPollFunctions, watch: Watch) {
	const record = await newestMatching(ctx, watch);
	return record ? { record, project: undefined } : undefined;
}

export function cursorJson(cursor: Cursor): IDataObject {
	return { scope: cursor.scope, moment: cursor.moment, ids: cursor.ids, floor: cursor.floor };
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
	return { event, filters, extraQuery };
}

/**
 * A cursor belongs to one event, authentication, credential and project (and the filters sent to the
 * service): ids of another list or project mean nothing to it, so a change starts afresh, silently.
 */
function scopeOf(ctx: IPollFunctions, watch: Watch): string {
	const authentication = String(ctx.getNodeParameter('authentication', 'projectKey'));
	const credentials = ctx.getNode().credentials ?? {};
	const server = JSON.stringify(serverFilters(watch));
	if (authentication === 'agencyKey') {
		const credential = credentials.reviewCollectionAgencyApi?.id ?? '';
		if (ctx.getNodeParameter('projectScope', 'one') === 'all')
			return `${watch.event}|agency-all|${credential}|${server}`;
		const projectId = String(
			ctx.getNodeParameter('projectId', '', { extractValue: true }) ?? '',
		).trim();
		return `${watch.event}|agency|${credential}|${projectId}|${server}`;
	}
	return `${watch.event}|project|${credentials.reviewCollectionProjectApi?.id ?? ''}|${server}`;
}
