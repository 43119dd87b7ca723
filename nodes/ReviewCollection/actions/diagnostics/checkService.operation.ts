import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { anyOrder } from '../concurrency';
import type { ActionExecution } from '../execution';
import type { OperationOption } from '../types';
import { apiRequest } from '../../transport';
import { KEY_READS, redact, runProbe, summaryOf } from './probe/run';
import { serviceClient, withAgencyKey } from './service-client';
import { showFor } from './shared';

export const option: OperationOption = {
	name: 'Check Service',
	value: 'checkService',
	action: 'Check the service',
	description:
		"Check the service against the package's guesses with GET requests only; returns one item per check with its verdict, what the service did and what to set",
};

/** Reads only: items may run at once under Concurrency. */
export const lane = anyOrder;

/** No parameter of its own: the credential (and with the agency key, the project) is all it needs. */
export const description = updateDisplayOptions(showFor('checkService'), []);

/** One item per check: `check`, `verdict`, `detail`, `setting`, every key blanked out. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
): Promise<INodeExecutionData[]> {
	// The keys' first reads fail as every operation's requests do (the service's error, keys blanked out).
	const keyReads = Object.entries(KEY_READS).filter(
		([area]) => area === 'project' || withAgencyKey(this, itemIndex),
	);
	for (const [, path] of keyReads)
		await apiRequest(this, { method: 'GET', path, itemIndex, execution });
	const client = await serviceClient(this, itemIndex, execution);
	const report = await runProbe(client, { keysRead: true });
	const clean = (text: string) => redact(text, client.secrets);
	if (!report.ok)
		throw new NodeOperationError(this.getNode(), clean(report.problem), { itemIndex });
	// The counts, where n8n shows hints (n8n 1.x without them: the items say it all).
	this.addExecutionHints?.({
		message: clean(summaryOf(report.results, client.sent + keyReads.length)),
	});
	return report.results.map((result) => ({
		json: {
			check: result.check,
			verdict: result.verdict,
			detail: clean(result.detail),
			setting: clean(result.setting),
		},
	}));
}
