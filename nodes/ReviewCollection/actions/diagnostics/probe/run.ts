/**
 * runProbe: every check of the guess list (docs/assumptions.md) against one service, GET requests only,
 * through the client it is given. Used by Check Service (the node's credential) and `npm run probe`
 * (scripts/probe/cli.js, from dist/).
 */
import type { Check, Outcome, ProbeClient, Verdict } from './context';
import { createContext, unusable } from './context';
import { dateChecks } from './dates';
import { errorChecks, lastChecks } from './errors';
import {
	customerAllFacetCheck,
	customerTagCheck,
	duplicateFacetCheck,
	statusValuesCheck,
} from './facets';
import { filterChecks } from './filters';
import { orderChecks } from './order';
import { defaultSizeCheck, largestCheck, pageCheck, pageSizeChecks } from './pages';

const among = (prefix: string) => filterChecks.filter((check) => check.id.startsWith(prefix));

/** In order: the page-size checks first (later ones read pages of the size they find). */
export const CHECKS: Check[] = [
	...pageSizeChecks,
	pageCheck,
	largestCheck,
	defaultSizeCheck,
	duplicateFacetCheck,
	...among('review.'),
	...among('customer.'),
	customerTagCheck,
	customerAllFacetCheck,
	...among('message.'),
	statusValuesCheck,
	...orderChecks,
	...dateChecks,
	...errorChecks,
	...lastChecks,
];

export interface ProbeResult extends Outcome {
	/** The Probe column's id in docs/assumptions.md. */
	check: string;
	guess: string;
}

export type ProbeReport =
	{ ok: true; results: ProbeResult[] } | { ok: false; results: []; problem: string };

/**
 * Runs every check; a check that throws is `not checked` with its reason. `ok` false (and `problem`)
 * when the project key cannot read the service, or the agency key given cannot (unless the caller
 * has read with them already: `keysRead`). Texts are as the
 * checks wrote them: the caller blanks out keys (`redact`).
 */
export async function runProbe(
	client: ProbeClient,
	options: { keysRead?: boolean } = {},
): Promise<ProbeReport> {
	const ctx = createContext(client);
	if (!options.keysRead) {
		const problem = await keysProblem(client);
		if (problem) return { ok: false, results: [], problem };
	}
	const results: ProbeResult[] = [];
	for (const check of CHECKS) {
		let outcome: Outcome;
		try {
			outcome = await check.run(ctx);
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			outcome = { verdict: 'not checked', detail: `the check failed: ${message}`, setting: '' };
		}
		ctx.results[check.id] = outcome;
		results.push({ check: check.id, guess: check.guess, ...outcome });
	}
	return { ok: true, results };
}

/** The requests every check needs to go through: the project key's, and the agency key's if given. */
export const KEY_READS = { project: '/project/sources', agency: '/agency/projects' };

/** Why the keys cannot read the service, or undefined when they can. */
async function keysProblem(client: ProbeClient): Promise<string | undefined> {
	const first = await client.get(KEY_READS.project, {}, 'project');
	if (first.status !== 200) {
		const why = first.status === 401 ? 'the project key was refused (401)' : unusable(first);
		return `GET ${KEY_READS.project}: ${why}`;
	}
	if (!client.hasAgencyKey) return undefined;
	const agency = await client.get(KEY_READS.agency, {}, 'agency');
	if (agency.status !== 200)
		return `GET ${KEY_READS.agency} with the agency key: ${unusable(agency)}`;
	return undefined;
}

/** `text` with every key (as given, and URL-encoded) replaced by [key]. */
export function redact(text: string, secrets: string[]): string {
	let out = String(text);
	for (const secret of secrets) {
		if (!secret) continue;
		for (const form of new Set([secret, encodeURIComponent(secret)]))
			out = out.split(form).join('[key]');
	}
	return out;
}

export function countOf(results: ProbeResult[], verdict: Verdict): number {
	return results.filter((result) => result.verdict === verdict).length;
}

/** One line: the counts, and where the guess list is. */
export function summaryOf(results: ProbeResult[], requests: number): string {
	return `${results.length} checks: ${countOf(results, 'holds')} hold, ${countOf(results, 'differs')} differ, ${countOf(results, 'not checked')} not checked (${requests} GET requests). The guess list, and what to do with a "differs": docs/assumptions.md`;
}
