import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { credentialsByAuthentication } from '../ReviewCollection/descriptors/common';
import * as listSearch from '../ReviewCollection/methods/listSearch';
import type { ApiEnvelope } from '../ReviewCollection/transport';
import { apiRequest } from '../ReviewCollection/transport';
import { usePollKeyCache } from '../ReviewCollection/transport/credentials';
import type { Cursor, ListAnswer, TriggerEvent } from './cursor';
import {
	finishWalk,
	firstPollQuery,
	initialCursor,
	listPath,
	newestQuery,
	pageQuery,
	recordsOf,
	startWalk,
	storedCursor,
	takePage,
	UnstableListError,
} from './cursor';
import { FILTER_NAMES, triggerProperties } from './description';

/**
 * Polling trigger (contract §4). The cursor logic lives in ./cursor.ts (pure, unit-tested); this class
 * only sends its requests and keeps its cursor in the node's static data, written once the whole poll
 * succeeded: any failure (HTTP error, timeout, malformed answer) throws before it, so nothing moves and
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
		subtitle: '={{$parameter["event"] === "newMessage" ? "New Message" : "New Review"}}',
		description:
			'Starts the workflow once for every new review or review-request message of a Review Collection project',
		defaults: { name: 'Review Collection Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialsByAuthentication,
		properties: triggerProperties,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event', 'newReview') as TriggerEvent;
		const filters = filterQuery(this, event);
		const list = async (qs: IDataObject): Promise<ApiEnvelope> =>
			await apiRequest(this, { method: 'GET', path: listPath(event), qs });

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": the newest matching record, one request; static data is not touched.
			const envelope = await list({ ...filters, ...newestQuery(event) });
			const records = readAnswer(this, () => recordsOf(event, answerOf(envelope)));
			if (records.length === 0) {
				throw new NodeOperationError(this.getNode(), 'No data with the current filter could be found', {
					description:
						event === 'newReview'
							? 'The project has no review matching the filters yet. Add one, or loosen the filters.'
							: 'The project has no message matching the filters yet. Send a review request, or loosen the filters.',
				});
			}
			return [this.helpers.returnJsonArray(records.slice(0, 1))];
		}

		usePollKeyCache(this);
		const staticData = this.getWorkflowStaticData('node');
		const scope = scopeOf(this, event);
		const cursor = storedCursor(staticData.cursor, scope);
		if (!cursor) {
			// First poll after activation (or after the event, project or credential changed): record
			// where the whole list stands, unfiltered, so records that match the filters only later are
			// not taken for new ones. One request; emits nothing.
			const envelope = await list(firstPollQuery(event));
			const next = readAnswer(this, () => initialCursor(event, scope, answerOf(envelope)));
			saveCursor(staticData, next);
			return null;
		}

		let walk = startWalk(event, cursor);
		while (!walk.done) {
			const envelope = await list({ ...filters, ...pageQuery(walk) });
			const current = walk;
			walk = readAnswer(this, () => takePage(current, answerOf(envelope)));
		}
		const { records, cursor: next } = finishWalk(walk);
		saveCursor(staticData, next);
		return records.length > 0 ? [this.helpers.returnJsonArray(records)] : null;
	}
}

function answerOf(envelope: unknown): ListAnswer {
	const body = (envelope ?? {}) as IDataObject;
	return { data: body.data, pagination: body.pagination };
}

/** Runs a cursor step; an answer it cannot use becomes a node error naming the problem. */
function readAnswer<T>(ctx: IPollFunctions, step: () => T): T {
	try {
		return step();
	} catch (error) {
		const unstable = error instanceof UnstableListError;
		throw new NodeOperationError(ctx.getNode(), (error as Error).message, {
			description: unstable
				? 'Records were deleted faster than the list could be read. Nothing was marked as seen: the next poll tries again.'
				: 'The service answered in an unexpected shape. Nothing was marked as seen: the next poll tries again.',
		});
	}
}

function saveCursor(staticData: IDataObject, cursor: Cursor): void {
	staticData.cursor = { scope: cursor.scope, lastId: cursor.lastId, lastCreatedAt: cursor.lastCreatedAt };
}

/** The filters of the chosen event, as the list endpoint takes them (empty values are not sent). */
function filterQuery(ctx: IPollFunctions, event: TriggerEvent): IDataObject {
	const values = ctx.getNodeParameter('filters', {}) as IDataObject;
	const query: IDataObject = {};
	for (const name of FILTER_NAMES[event]) {
		const value = values[name];
		if (value === undefined || value === null) continue;
		const text = String(value).trim();
		if (text !== '') query[name] = text;
	}
	return query;
}

/**
 * A cursor belongs to one event, authentication, credential and project: ids of another list or project
 * mean nothing to it, so a change of any of them starts afresh (like a new activation).
 */
function scopeOf(ctx: IPollFunctions, event: TriggerEvent): string {
	const authentication = String(ctx.getNodeParameter('authentication', 'projectKey'));
	const credentials = ctx.getNode().credentials ?? {};
	if (authentication === 'agencyKey') {
		const projectId = String(ctx.getNodeParameter('projectId', '', { extractValue: true }) ?? '').trim();
		return `${event}|agency|${credentials.reviewCollectionAgencyApi?.id ?? ''}|${projectId}`;
	}
	return `${event}|project|${credentials.reviewCollectionProjectApi?.id ?? ''}`;
}
