'use strict';
// runProbe: every check of the guess list (docs/assumptions.md) against one service, GET only.
const { createClient, redact } = require('./http');
const { createContext, unusable } = require('./context');
const { pageSizeChecks, pageCheck, largestCheck, defaultSizeCheck } = require('./pages');
const { filterChecks } = require('./filters');
const facets = require('./facets');
const { orderChecks } = require('./order');
const { dateChecks } = require('./dates');
const { errorChecks, lastChecks } = require('./errors');

/** In order: the page-size checks first (later ones read pages of the size they find). */
const CHECKS = [
	...pageSizeChecks,
	pageCheck,
	largestCheck,
	defaultSizeCheck,
	facets.duplicateFacetCheck,
	...filterChecks.filter((c) => c.id.startsWith('review.')),
	...filterChecks.filter((c) => c.id.startsWith('customer.')),
	facets.customerTagCheck,
	facets.customerAllFacetCheck,
	...filterChecks.filter((c) => c.id.startsWith('message.')),
	facets.statusValuesCheck,
	...orderChecks,
	...dateChecks,
	...errorChecks,
	...lastChecks,
];

/**
 * Runs every check. Answers { ok, results: [{ id, guess, verdict, detail }], requests, problem? };
 * every text in it has the keys blanked out. `problem` (and ok false) when nothing could be checked.
 */
async function runProbe({ baseUrl, projectKey, agencyKey, fetchImpl, timeoutMs }) {
	const secrets = [projectKey, agencyKey].filter(Boolean);
	const client = createClient({ baseUrl, secrets, fetchImpl, timeoutMs });
	const ctx = createContext(client, { projectKey, agencyKey });
	ctx.results = {};
	const clean = (text) => redact(text, secrets);
	const first = await ctx.get('/project/sources');
	if (first.status !== 200) {
		const why = first.status === 401 ? 'the project key was refused (401)' : unusable(first);
		return {
			ok: false,
			results: [],
			requests: client.sent,
			problem: clean(`GET /project/sources: ${why}`),
		};
	}
	if (agencyKey) {
		const agency = await ctx.get('/agency/projects', {}, agencyKey);
		if (agency.status !== 200)
			return {
				ok: false,
				results: [],
				requests: client.sent,
				problem: clean(`GET /agency/projects with the agency key: ${unusable(agency)}`),
			};
	}
	const results = [];
	for (const check of CHECKS) {
		let outcome;
		try {
			outcome = await check.run(ctx);
		} catch (error) {
			outcome = { verdict: 'not checked', detail: `the check failed: ${error?.message ?? error}` };
		}
		const result = {
			id: check.id,
			guess: check.guess,
			verdict: outcome.verdict,
			detail: clean(outcome.detail),
		};
		ctx.results[check.id] = result;
		results.push(result);
	}
	return { ok: true, results, requests: client.sent };
}

/** The report: one line per guess, then the counts. */
function formatReport(baseUrl, report, secrets = []) {
	const lines = [`Probe of ${redact(baseUrl, secrets)} (GET requests only; keys are never shown)`];
	if (!report.ok) {
		lines.push(`Nothing checked: ${report.problem}`);
		return lines.join('\n');
	}
	for (const r of report.results) lines.push(`${r.verdict.padEnd(12)}${r.guess}: ${r.detail}`);
	const count = (verdict) => report.results.filter((r) => r.verdict === verdict).length;
	lines.push(
		`${report.results.length} checks: ${count('holds')} hold, ${count('differs')} differ, ${count('not checked')} not checked (${report.requests.length} GET requests). The guess list, and what to do with a "differs": docs/assumptions.md`,
	);
	return redact(lines.join('\n'), secrets);
}

module.exports = { runProbe, formatReport, CHECKS };
