/** Error checks (GETs that must fail), what needs a write, and the agency's client roles. */
import { GUESSES } from '../../../transport/guesses';
import type { Check, ProbeAnswer } from './context';
import { differs, holds, isObject, isWhole, notChecked, unusable } from './context';

const UNKNOWN_ID = 2_000_000_000;
const NOTHING_TO_SET = 'nothing to set';

export const unknownIdCheck: Check = {
	id: 'error.unknown-id',
	guess: `an unknown record id answers ${GUESSES.unknownIdStatus.value}`,
	async run(ctx) {
		const path = `/project/customers/${UNKNOWN_ID}`;
		const answer = await ctx.list(path);
		if (answer.status === GUESSES.unknownIdStatus.value)
			return holds(`GET ${path}: ${answer.status}`);
		if (answer.status === 0) return notChecked(unusable(answer));
		return differs(
			`GET ${path}: ${unusable(answer)}`,
			`The package reads a ${GUESSES.unknownIdStatus.value} after a retried delete as "already deleted": a delete retried after a lost answer then fails with that error instead; ${NOTHING_TO_SET}`,
		);
	},
};

export const validationCheck: Check = {
	id: 'error.validation-status',
	guess: `a validation failure answers ${GUESSES.validationStatus.value} (with errors per field)`,
	async run(ctx) {
		const answer = await ctx.list('/project/reviews', {
			date_from: '2030-01-02',
			date_to: '2030-01-01',
		});
		if (answer.status === 0) return notChecked(unusable(answer));
		if (answer.status === 200)
			return notChecked('date_to before date_from was taken (the package never sends it)');
		const errors = isObject(answer.body) && answer.body.errors;
		if (answer.status === GUESSES.validationStatus.value)
			return holds(`date_to before date_from: ${answer.status}${errors ? ' with errors' : ''}`);
		return differs(
			`date_to before date_from: ${unusable(answer)} instead of ${GUESSES.validationStatus.value}`,
			`The package's errors show the status, the service's message and its field errors whatever the status; ${NOTHING_TO_SET}`,
		);
	},
};

const REFUSED = GUESSES.keyRefusedStatus.value;

function badKeyCheck(area: 'project' | 'agency'): Check {
	// Not the paths the keys are first read on (run.ts KEY_READS): a refused key is refused anywhere.
	const path = area === 'project' ? '/project/reviews' : '/agency/clients';
	return {
		id: `error.bad-${area}-key`,
		guess: `a refused ${area} key answers ${REFUSED}`,
		async run(ctx) {
			if (area === 'agency' && !ctx.client.hasAgencyKey)
				return notChecked(ctx.client.agencyKeyHint);
			const answer = await ctx.get(path, {}, `made-up ${area}`);
			ctx.failures.push(answer);
			if (answer.status === REFUSED) return holds(`a made-up ${area} key: ${REFUSED}`);
			if (answer.status === 0) return notChecked(unusable(answer));
			return differs(
				`a made-up ${area} key: ${unusable(answer)}`,
				`The package's error then shows that status, without the hint to check the credential; ${NOTHING_TO_SET}`,
			);
		},
	};
}

/** The shape of one error body, in words. */
function shapeOf(answer: ProbeAnswer): string {
	const body = answer.body;
	if (!answer.json || !isObject(body)) return 'not a JSON object';
	const envelope = body.success === false && isWhole(body.code) && typeof body.message === 'string';
	return envelope ? 'envelope' : `{ ${Object.keys(body).sort().join(', ')} }`;
}

const errorBodyCheck: Check = {
	id: 'error.body',
	guess: `error bodies are ${GUESSES.errorBody.value}`,
	async run(ctx) {
		const failed = ctx.failures.filter((a) => a.status >= 400);
		if (failed.length === 0) return notChecked('no request failed');
		const shapes = new Map<string, number>();
		for (const answer of failed) shapes.set(shapeOf(answer), answer.status);
		const other = [...shapes.entries()].filter(([shape]) => shape !== 'envelope');
		if (other.length === 0)
			return holds(
				`every error body had that shape (statuses ${[...new Set(failed.map((a) => a.status))].join(', ')})`,
			);
		return differs(
			`error bodies seen: ${other.map(([shape, status]) => `${status}: ${shape}`).join('; ')}`,
			`The package's errors show the HTTP status and the service's message (an excerpt when there is none) all the same; ${NOTHING_TO_SET}`,
		);
	},
};

const replyCheck: Check = {
	id: 'reply.replied-at',
	guess: 'what a reply (PUT …/reply) does to replied_at (the package relies on neither)',
	async run() {
		return notChecked(
			'needs a write (the probe never writes): reply to one review and see whether replied_at changed. Review Replied fires when replied_at is set (Mark Replied, or a reply where the service sets it); Review Unanswered counts a reply or replied_at as an answer: right either way',
		);
	},
};

const rolesCheck: Check = {
	id: 'client.roles',
	guess: 'client role slugs (Role Slug is free text: no value suggested)',
	async run(ctx) {
		if (!ctx.client.hasAgencyKey) return notChecked(ctx.client.agencyKeyHint);
		const answer = await ctx.get('/agency/clients', {}, 'agency');
		const data = isObject(answer.body) ? answer.body.data : undefined;
		if (answer.status !== 200 || !Array.isArray(data)) return notChecked(unusable(answer));
		const roles = data.map((client: unknown) => (isObject(client) ? client.role_slug : undefined));
		const seen = [...new Set(roles.filter((r): r is string => typeof r === 'string'))];
		if (seen.length === 0) return notChecked('no client user with a role to show');
		// The node suggests no role (row 32), so any role the service has is one the package takes.
		return holds(`role_slug values seen: ${seen.join(', ')} (Role Slug: type one of them)`);
	},
};

export const errorChecks: Check[] = [
	unknownIdCheck,
	validationCheck,
	badKeyCheck('project'),
	badKeyCheck('agency'),
];
export const lastChecks: Check[] = [errorBodyCheck, replyCheck, rolesCheck];
