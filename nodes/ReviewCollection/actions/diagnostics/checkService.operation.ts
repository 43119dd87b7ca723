import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { ActionExecution } from '../execution';
import type { OperationOption } from '../types';
import { redact, runProbe, summaryOf } from './probe/run';
import { serviceClient } from './service-client';
import { showFor } from './shared';

export const option: OperationOption = {
	name: 'Check Service',
	value: 'checkService',
	action: 'Check the service',
	description:
		"Check the service against the package's guesses where the API spec is silent, with GET requests only (it never writes); returns one item per check: its verdict, what the service did and the setting to use",
};

export const description = updateDisplayOptions(showFor('checkService'), [
	{
		displayName:
			'Reads what the project already has, with GET requests only, and returns one item per guess of the package (docs/assumptions.md): holds, differs (with the setting to use) or not checked. With the agency key the agency rows are checked too.',
		name: 'checkServiceNotice',
		type: 'notice',
		default: '',
	},
]);

/** One item per check: `check`, `verdict`, `detail`, `setting`, every key blanked out. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
): Promise<INodeExecutionData[]> {
	const client = await serviceClient(this, itemIndex, execution);
	const report = await runProbe(client);
	const clean = (text: string) => redact(text, client.secrets);
	if (!report.ok)
		throw new NodeOperationError(this.getNode(), clean(`Nothing checked: ${report.problem}`), {
			itemIndex,
			description: 'Check the credential: its Base URL and key',
		});
	// The counts, where n8n shows hints (n8n 1.x without them: the items say it all).
	this.addExecutionHints?.({ message: clean(summaryOf(report.results, client.sent)) });
	return report.results.map((result) => ({
		json: {
			check: result.check,
			verdict: result.verdict,
			detail: clean(result.detail),
			setting: clean(result.setting),
		},
	}));
}
