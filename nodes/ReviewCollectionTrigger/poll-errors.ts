/**
 * A poll that fails is the failed execution n8n lists (and the Error Workflow's input): its error says
 * what the trigger was reading, for which project, and what happens next, after the service's own answer
 * and hint (transport/errors.ts). Every project of All Projects failing is one bounded error.
 */
import type { IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { eventName } from './description';
import { EVENTS } from './events/events';
import type { Project } from './projects';
import type { TriggerSettings } from './settings';

const NOTHING_MOVED =
	'Nothing was marked as seen: the next poll reads from where the last successful poll ended, so no event is lost.';

/** The error with a last sentence naming the trigger's event and project (the message is the service's). */
export function diagnosed(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	error: unknown,
	manual: boolean,
): unknown {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return error;
	const { event } = settings.watch;
	const list = EVENTS[event].kind;
	const doing = manual ? 'Fetch Test Event' : 'The poll';
	const context = `${doing} of ${eventName(event)} was reading the ${list} of ${whereOf(ctx, settings)}.`;
	const known = error.description ?? '';
	if (known.includes(context)) return error;
	const next = manual || known.includes('Nothing was marked as seen') ? '' : ` ${NOTHING_MOVED}`;
	error.description = [known, `${context}${next}`].filter(Boolean).join(' ');
	return error;
}

/** Which project(s) the trigger reads, as a user would name them (never a key). */
function whereOf(ctx: IPollFunctions, settings: TriggerSettings): string {
	if (settings.allProjects) return "the agency's projects";
	if (ctx.getNodeParameter('authentication', 'projectKey') === 'agencyKey') {
		const id = String(ctx.getNodeParameter('projectId', '', { extractValue: true }) ?? '').trim();
		return `project ${id}`;
	}
	const credential = ctx.getNode().credentials?.reviewCollectionProjectApi?.name;
	return credential
		? `the project of the credential "${credential}"`
		: 'the project of its credential';
}

const SHOWN_PROJECTS = 3;
const SHOWN_CAUSES = 3;

/** All Projects, every project failed: one error, its causes grouped (bounded for any number). */
export function everyProjectFailed(
	ctx: IPollFunctions,
	failures: Array<{ project: Project; error: unknown }>,
): NodeOperationError {
	const causes = new Map<string, { hint?: string; projects: Project[] }>();
	for (const { project, error } of failures) {
		const { message, description } = error as { message?: string; description?: string | null };
		const key = String(message ?? error).slice(0, 300);
		const cause = causes.get(key) ?? {
			hint: description?.slice(0, 300) ?? undefined,
			projects: [],
		};
		cause.projects.push(project);
		causes.set(key, cause);
	}
	const sorted = [...causes.entries()].sort((a, b) => b[1].projects.length - a[1].projects.length);
	const lines = sorted.slice(0, SHOWN_CAUSES).map(([message, { hint, projects }]) => {
		const named = projects.slice(0, SHOWN_PROJECTS).map(nameOf).join(', ');
		const more =
			projects.length > SHOWN_PROJECTS ? ` and ${projects.length - SHOWN_PROJECTS} more` : '';
		const count = projects.length === 1 ? '1 project' : `${projects.length} projects`;
		return `${count} (${named}${more}): ${message}${hint ? ` ${hint}` : ''}`;
	});
	const rest = sorted
		.slice(SHOWN_CAUSES)
		.reduce((sum, [, { projects }]) => sum + projects.length, 0);
	if (rest > 0) lines.push(`${rest} more projects failed for other reasons.`);
	const [[first, { projects }]] = sorted;
	return new NodeOperationError(
		ctx.getNode(),
		`Every project failed to be read (all ${failures.length} of the agency): ${nameOf(projects[0])}: ${first}`,
		{ description: [...lines, NOTHING_MOVED].join('\n') },
	);
}

const nameOf = (project: Project) =>
	project.ref ? `project ${project.ref.id} (${project.ref.name})` : 'the project';
