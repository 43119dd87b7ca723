/**
 * The duplicate question of New Review (contract §9 defect 10, §10): where the trigger starts, the newest
 * review flagged as a duplicate counts too, so one un-flagged later does not fire. The spec lists
 * duplicates only under "the duplicate facet" and does not name its value: the trigger tries the spec's
 * word, then its plural. A value the service refuses (400, 404, 422) or ignores (the answer lists a
 * review that is not a duplicate) is passed over; when none holds, the poll goes on without it and warns
 * once (docs/trigger.md, limits). Any other failure fails the poll (nothing stored, asked again next
 * poll): passing over a 5xx or a 401 would lose the protection for good.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { isOutOfBudget, isRefusal } from '../ReviewCollection/transport';
import { listRecords } from '../ReviewCollection/transport/list-page';
import type { PollBudget } from './budget';
import { EVENTS } from './events';
import type { ProjectTarget, Watch } from './list-request';
import { list, NEWEST } from './list-request';

/** The values tried for the duplicate facet, in order (the spec's word first). */
export const DUPLICATE_FACETS = ['duplicate', 'duplicates'] as const;

/** The newest duplicate review's id (0: none, an event that lists everything, or no value tried holds). */
export async function newestDuplicate(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	budget: PollBudget,
): Promise<number> {
	if (!EVENTS[watch.event].duplicatesUnlisted) return 0;
	for (const facet of DUPLICATE_FACETS) {
		// The first value is asked within the request's own deadline (out of time: not answered).
		if (facet !== DUPLICATE_FACETS[0] && !budget.allowsRequest(false)) return 0;
		const answer = await list(
			ctx,
			{ ...watch, extraQuery: { ...watch.extraQuery, facet } },
			project,
			NEWEST,
			budget,
		).catch((error: unknown) => {
			if (isOutOfBudget(error)) return null;
			if (isRefusal(error)) return undefined;
			throw error;
		});
		if (answer === null) return 0;
		const top = answer && duplicatesOnly(answer.data);
		if (top !== undefined) return top;
	}
	budget.warnOnce(
		ctx,
		'duplicate-facet',
		`Review Collection Trigger: the service took none of the values tried for the duplicate facet (facet=${DUPLICATE_FACETS.join(', facet=')}), so a review that was a duplicate when this trigger started and is un-flagged later may fire as a new review (docs/trigger.md, "Accepted limits")`,
	);
	return 0;
}

/** The answer's newest id when it lists duplicates only (0 for none); undefined when the facet was ignored. */
function duplicatesOnly(data: unknown): number | undefined {
	let records: IDataObject[];
	try {
		records = listRecords(data);
	} catch {
		return undefined;
	}
	if (records.some((record) => record.is_duplicate !== true)) return undefined;
	return (records[0]?.id as number | undefined) ?? 0;
}
