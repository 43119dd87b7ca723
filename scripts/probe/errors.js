'use strict';
// Error checks (GETs that must fail), what needs a write, and the agency's client roles.
const { holds, differs, notChecked, isWhole, unusable } = require('./context');

/** A key no service issues (sent only to see the status a refused key gets). */
const BAD_KEY = 'probe-not-a-key-0000000000';
const UNKNOWN_ID = 2_000_000_000;

const unknownIdCheck = {
	id: 'error.unknown-id',
	guess: 'an unknown record id answers 404',
	async run(ctx) {
		const answer = await ctx.list(`/project/customers/${UNKNOWN_ID}`);
		if (answer.status === 404) return holds(`GET /project/customers/${UNKNOWN_ID}: 404`);
		if (answer.status === 0) return notChecked(unusable(answer));
		return differs(
			`GET /project/customers/${UNKNOWN_ID}: ${unusable(answer)}. The package reads a 404 after a retried delete as "already deleted": a delete retried after a lost answer then fails with that error instead; nothing to set`,
		);
	},
};

const validationCheck = {
	id: 'error.validation-status',
	guess: 'a validation failure answers 422 (with errors per field)',
	async run(ctx) {
		const answer = await ctx.list('/project/reviews', {
			date_from: '2030-01-02',
			date_to: '2030-01-01',
		});
		if (answer.status === 0) return notChecked(unusable(answer));
		if (answer.status === 200)
			return notChecked('date_to before date_from was taken (the package never sends it)');
		const errors = answer.body && typeof answer.body === 'object' && answer.body.errors;
		if (answer.status === 422)
			return holds(`date_to before date_from: 422${errors ? ' with errors' : ''}`);
		return differs(
			`date_to before date_from: ${unusable(answer)} instead of 422. The package's errors show the status, the service's message and its field errors whatever the status; nothing to set`,
		);
	},
};

const badProjectKeyCheck = {
	id: 'error.bad-project-key',
	guess: 'a refused project key answers 401',
	async run(ctx) {
		const answer = await ctx.get('/project/sources', {}, BAD_KEY);
		ctx.failures.push(answer);
		if (answer.status === 401) return holds('a made-up project key: 401');
		if (answer.status === 0) return notChecked(unusable(answer));
		return differs(
			`a made-up project key: ${unusable(answer)}. The package's error then shows that status, without the hint to check the credential; nothing to set`,
		);
	},
};

const badAgencyKeyCheck = {
	id: 'error.bad-agency-key',
	guess: 'a refused agency key answers 401',
	async run(ctx) {
		if (!ctx.agencyKey) return notChecked('no --agency-key given');
		const answer = await ctx.get('/agency/projects', {}, BAD_KEY);
		ctx.failures.push(answer);
		if (answer.status === 401) return holds('a made-up agency key: 401');
		if (answer.status === 0) return notChecked(unusable(answer));
		return differs(
			`a made-up agency key: ${unusable(answer)}. The package's error then shows that status, without the hint to check the credential; nothing to set`,
		);
	},
};

/** The shape of one error body, in words. */
function shapeOf(answer) {
	const body = answer.body;
	if (!answer.json || !body || typeof body !== 'object' || Array.isArray(body))
		return 'not a JSON object';
	const keys = Object.keys(body).sort();
	const envelope = body.success === false && isWhole(body.code) && typeof body.message === 'string';
	return envelope ? 'envelope' : `{ ${keys.join(', ')} }`;
}

const errorBodyCheck = {
	id: 'error.body',
	guess: 'error bodies are { success: false, code, message, errors? }',
	async run(ctx) {
		const failed = ctx.failures.filter((a) => a.status >= 400);
		if (failed.length === 0) return notChecked('no request failed');
		const shapes = new Map();
		for (const answer of failed) shapes.set(shapeOf(answer), answer.status);
		const other = [...shapes.entries()].filter(([shape]) => shape !== 'envelope');
		if (other.length === 0)
			return holds(
				`every error body had that shape (statuses ${[...new Set(failed.map((a) => a.status))].join(', ')})`,
			);
		const seen = other.map(([shape, status]) => `${status}: ${shape}`).join('; ');
		return differs(
			`error bodies seen: ${seen}. The package's errors show the HTTP status and the service's message (an excerpt when there is none) all the same; nothing to set`,
		);
	},
};

const replyCheck = {
	id: 'reply.replied-at',
	guess: 'what a reply (PUT …/reply) does to replied_at (the package relies on neither)',
	async run() {
		return notChecked(
			'needs a write (the probe never writes): reply to one review and see whether replied_at changed. Review Replied fires when replied_at is set (Mark Replied, or a reply where the service sets it); Review Unanswered counts a reply or replied_at as an answer: right either way',
		);
	},
};

const rolesCheck = {
	id: 'client.roles',
	guess: 'client role slugs (Role Slug is free text: no value suggested)',
	async run(ctx) {
		if (!ctx.agencyKey) return notChecked('no --agency-key given');
		const answer = await ctx.get('/agency/clients', {}, ctx.agencyKey);
		const clients = answer.body && Array.isArray(answer.body.data) ? answer.body.data : undefined;
		if (answer.status !== 200 || !clients) return notChecked(unusable(answer));
		const seen = [
			...new Set(clients.map((c) => c && c.role_slug).filter((r) => typeof r === 'string')),
		];
		if (seen.length === 0) return notChecked('no client user with a role to show');
		// The node suggests no role, so any role the service has is one the package takes.
		return holds(`role_slug values seen: ${seen.join(', ')} (Role Slug: type one of them)`);
	},
};

const errorChecks = [unknownIdCheck, validationCheck, badProjectKeyCheck, badAgencyKeyCheck];
const lastChecks = [errorBodyCheck, replyCheck, rolesCheck];

module.exports = { errorChecks, lastChecks, BAD_KEY };
