/**
 * The probe as `npm run probe` runs it, from the sources: the package's checks
 * (nodes/…/diagnostics/probe) over the command line's client (scripts/probe/http.js, fetch, GET only).
 * Check Service runs the same checks through n8n (test/actions/diagnostics).
 */
import { NEVER_ISSUED } from '../../nodes/ReviewCollection/actions/diagnostics/probe/context';
import type { ProbeClient } from '../../nodes/ReviewCollection/actions/diagnostics/probe/context';
import type { ProbeReport } from '../../nodes/ReviewCollection/actions/diagnostics/probe/run';
import { runProbe, summaryOf } from '../../nodes/ReviewCollection/actions/diagnostics/probe/run';

const { createClient } = require('../../scripts/probe/http') as {
	createClient: (options: {
		baseUrl: string;
		projectKey: string;
		agencyKey?: string;
		madeUpKey: string;
	}) => ProbeClient & { sent: Array<{ method: string; url: string }> };
};
const { formatReport } = require('../../scripts/probe/cli') as {
	formatReport: (
		baseUrl: string,
		report: ProbeReport,
		requests: number,
		secrets: string[],
		summary: typeof summaryOf,
	) => string;
};

export async function probeService(options: {
	baseUrl: string;
	projectKey: string;
	agencyKey?: string;
}): Promise<{
	report: ProbeReport;
	requests: Array<{ method: string; url: string }>;
	text: string;
}> {
	const client = createClient({ ...options, madeUpKey: NEVER_ISSUED });
	const report = await runProbe(client);
	const secrets = [options.projectKey, options.agencyKey ?? ''].filter(Boolean);
	const text = formatReport(options.baseUrl, report, client.sent.length, secrets, summaryOf);
	return { report, requests: client.sent, text };
}
