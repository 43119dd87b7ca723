/**
 * What a cursor belongs to (contract §8 "Starting afresh"): the event, One Project or All Projects, the
 * credential, its Base URL, the project and Options → Query Parameters (filters are tested on the
 * records found, so editing them starts nothing afresh and fires nothing old). Ids of another list, project or server mean nothing to a cursor, so any change starts
 * afresh, silently. Static data keeps a digest (a Base URL or a query value may carry something private).
 * The versions before stored a readable scope string (`legacyScopeOf`): ./state/state-legacy.ts takes
 * their cursors over.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { normalizeBaseUrl } from '../ReviewCollection/transport/credentials';
import { EVENTS } from './events/events';
import type { Watch } from './reading/list-request';

export async function scopeOf(
	ctx: IPollFunctions,
	watch: Watch,
	allProjects: boolean,
): Promise<string> {
	const authentication = String(ctx.getNodeParameter('authentication', 'projectKey'));
	const type =
		authentication === 'agencyKey' ? 'reviewCollectionAgencyApi' : 'reviewCollectionProjectApi';
	const credential = ctx.getNode().credentials?.[type]?.id ?? '';
	const baseUrl = normalizeBaseUrl((await ctx.getCredentials(type)).baseUrl);
	const project =
		authentication === 'agencyKey' && !allProjects
			? String(ctx.getNodeParameter('projectId', '', { extractValue: true }) ?? '').trim()
			: '';
	const mode = authentication === 'agencyKey' ? (allProjects ? 'agency-all' : 'agency') : 'project';
	const parts = [credential, baseUrl, project, sorted(watch.extraQuery)];
	// Review Unanswered: another number of hours is another order of moments.
	if (watch.terms.scopePart) parts.push(watch.terms.scopePart);
	return `${watch.event}|${mode}|${digest(JSON.stringify(parts))}`;
}

function sorted(query: Record<string, unknown>): Array<[string, unknown]> {
	return Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** FNV-1a, 2 × 32 bits: a short, stable digest (not a secret: only tells one scope from another). */
export function digest(text: string): string {
	let a = 0x811c9dc5;
	let b = 0x01000193 ^ text.length;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		a = Math.imul(a ^ code, 0x01000193) >>> 0;
		b = Math.imul(b ^ code, 0x85ebca6b) >>> 0;
	}
	return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The scope string the earlier version stored, or undefined when its cursor cannot be taken over. */
export function legacyScopeOf(
	ctx: IPollFunctions,
	watch: Watch,
	allProjects: boolean,
): string | undefined {
	if (Object.keys(watch.extraQuery).length > 0) return undefined;
	if (EVENTS[watch.event].kind === 'customers' && watch.filters.tag !== undefined) return undefined;
	const authentication = String(ctx.getNodeParameter('authentication', 'projectKey'));
	const credentials = ctx.getNode().credentials ?? {};
	if (authentication === 'agencyKey') {
		const credential = credentials.reviewCollectionAgencyApi?.id ?? '';
		if (allProjects) return `${watch.event}|agency-all|${credential}|{}`;
		const projectId = String(
			ctx.getNodeParameter('projectId', '', { extractValue: true }) ?? '',
		).trim();
		return `${watch.event}|agency|${credential}|${projectId}|{}`;
	}
	return `${watch.event}|project|${credentials.reviewCollectionProjectApi?.id ?? ''}|{}`;
}
