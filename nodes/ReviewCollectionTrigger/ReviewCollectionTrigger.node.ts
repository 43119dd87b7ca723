import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { credentialsByAuthentication } from '../ReviewCollection/descriptors/common';
import * as listSearch from '../ReviewCollection/methods/listSearch';
import { PollBudget } from './reading/budget';
import { triggerProperties } from './description';
import { output } from './emit';
import { oneAtATime } from './lineage';
import { pollActive } from './poll';
import { fetchTestEvent } from './fetch-test/fetch-test';
import { fetchExplanation } from './fetch-test/fetch-text';
import { diagnosed } from './poll-errors';
import type { TriggerSettings } from './settings';
import { settingsOf } from './settings';

/**
 * Polling trigger (contract §4, §7, §8, §9; docs/trigger.md). The poll reads top-down in ./poll.ts; the
 * walk over a list (./walk/walk.ts) and the cursor (./state/cursor.ts) are pure; the static data is typed and
 * owned by ./state/state.ts.
 */
export class ReviewCollectionTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Review Collection Trigger',
		name: 'reviewCollectionTrigger',
		icon: {
			light: 'file:../ReviewCollection/reviewCollection.svg',
			dark: 'file:../ReviewCollection/reviewCollection.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow once for every new, replied or unanswered review, review-request message event or customer change of a Review Collection project (or of every project of an agency)',
		defaults: { name: 'Review Collection Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialsByAuthentication,
		properties: triggerProperties,
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = settingsOf(this);
		// The budget starts now: n8n's timeout counts the wait for an earlier poll of this trigger too.
		const budget = new PollBudget(this);
		const manual = this.getMode() === 'manual';
		let result: { items: INodeExecutionData[][] | null } | { noMatch: string };
		try {
			result = manual
				? await fetchOne(this, settings, budget)
				: { items: await pollOnce(this, settings, budget) };
		} catch (error) {
			// The failed execution n8n lists is the explanation: the event and project it was reading.
			throw diagnosed(this, settings, error, manual);
		}
		if ('noMatch' in result) {
			// n8n's own message for a test fetch that finds nothing; the description says why.
			throw new NodeOperationError(
				this.getNode(),
				'No data with the current filter could be found',
				{
					description: result.noMatch,
				},
			);
		}
		return result.items;
	}
}

/** "Fetch Test Event": the newest matching record, or why there is none; static data is not touched. */
async function fetchOne(
	ctx: IPollFunctions,
	{ watch, allProjects, concurrency }: TriggerSettings,
	budget: PollBudget,
): Promise<{ items: INodeExecutionData[][] } | { noMatch: string }> {
	const { found, accounts } = await fetchTestEvent(ctx, watch, allProjects, concurrency, budget);
	if (!found) return { noMatch: fetchExplanation(watch, accounts, allProjects) };
	return { items: [output(ctx, watch, [found.record], found.project)] };
}

async function pollOnce(
	ctx: IPollFunctions,
	settings: TriggerSettings,
	budget: PollBudget,
): Promise<INodeExecutionData[][] | null> {
	const staticData = ctx.getWorkflowStaticData('node');
	const emitted = await oneAtATime(
		ctx,
		staticData,
		budget,
		async (lineage) => await pollActive(ctx, settings, staticData, budget, lineage),
	);
	const items = emitted.flatMap(({ project, records }) =>
		output(ctx, settings.watch, records, project),
	);
	return items.length > 0 ? [items] : null;
}
