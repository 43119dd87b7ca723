#!/usr/bin/env node
'use strict';
// npm run probe -- --base-url URL --project-key KEY [--agency-key KEY]
// Checks a live Review Collection service against the package's guesses where the API spec says "not
// shown" (docs/assumptions.md) with GET requests only, and prints per guess: holds, differs (what the
// service does, and the setting to use) or not checked (why). Keys are never printed. The keys may also
// come from REVIEW_COLLECTION_PROJECT_KEY / REVIEW_COLLECTION_AGENCY_KEY (kept out of the shell history).
// The checks are the compiled ones Check Service runs (npm run build first).
// Exit code: 0 when the checks ran (whatever they found), 1 when nothing could be checked, 2 on bad usage.
const { createClient, redact } = require('./http');

const PROBE = '../../dist/nodes/ReviewCollection/actions/diagnostics/probe';
const USAGE =
	'Usage: npm run probe -- --base-url URL --project-key KEY [--agency-key KEY]\n' +
	'  (or the keys in REVIEW_COLLECTION_PROJECT_KEY / REVIEW_COLLECTION_AGENCY_KEY)';

function parse(argv, env) {
	const options = {};
	for (let i = 0; i < argv.length; i++) {
		const match = /^--(base-url|project-key|agency-key)(?:=(.*))?$/.exec(argv[i]);
		if (!match)
			return {
				error: `Unknown argument ${argv[i].startsWith('--') ? argv[i].split('=')[0] : '(a value)'}`,
			};
		const value = match[2] !== undefined ? match[2] : argv[++i];
		if (value === undefined || value === '') return { error: `--${match[1]} needs a value` };
		options[match[1]] = value;
	}
	const projectKey = options['project-key'] ?? env.REVIEW_COLLECTION_PROJECT_KEY;
	const agencyKey = options['agency-key'] ?? env.REVIEW_COLLECTION_AGENCY_KEY;
	if (!options['base-url']) return { error: '--base-url is required' };
	if (!projectKey) return { error: '--project-key is required' };
	try {
		const url = new URL(options['base-url']);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
	} catch {
		return { error: '--base-url must be an http or https URL' };
	}
	return { baseUrl: options['base-url'], projectKey, agencyKey: agencyKey || undefined };
}

/** The report: one line per guess (verdict, guess, what the service did, the setting), then the counts. */
function formatReport(baseUrl, report, requests, secrets, summaryOf) {
	const lines = [`Probe of ${baseUrl} (GET requests only; keys are never shown)`];
	if (!report.ok) lines.push(`Nothing checked: ${report.problem}`);
	else {
		for (const r of report.results)
			lines.push(
				`${r.verdict.padEnd(12)}${r.guess}: ${r.detail}${r.setting ? `. ${r.setting}` : ''}`,
			);
		lines.push(summaryOf(report.results, requests));
	}
	return redact(lines.join('\n'), secrets);
}

async function main(argv = process.argv.slice(2), env = process.env, out = process.stdout) {
	const parsed = parse(argv, env);
	if (parsed.error) {
		const secrets = [env.REVIEW_COLLECTION_PROJECT_KEY, env.REVIEW_COLLECTION_AGENCY_KEY];
		out.write(`${redact(parsed.error, secrets.filter(Boolean))}\n${USAGE}\n`);
		return 2;
	}
	const secrets = [parsed.projectKey, parsed.agencyKey].filter(Boolean);
	let probe;
	try {
		probe = { ...require(`${PROBE}/run`), ...require(`${PROBE}/context`) };
	} catch {
		out.write('The compiled checks are missing: run npm run build first\n');
		return 1;
	}
	try {
		const { runProbe, summaryOf, NEVER_ISSUED } = probe;
		const client = createClient({ ...parsed, madeUpKey: NEVER_ISSUED });
		const report = await runProbe(client);
		out.write(`${formatReport(parsed.baseUrl, report, client.sent.length, secrets, summaryOf)}\n`);
		return report.ok ? 0 : 1;
	} catch (error) {
		out.write(`The probe stopped: ${redact(error?.message ?? String(error), secrets)}\n`);
		return 1;
	}
}

if (require.main === module) {
	main().then((code) => {
		process.exitCode = code;
	});
}

module.exports = { main, parse, formatReport };
