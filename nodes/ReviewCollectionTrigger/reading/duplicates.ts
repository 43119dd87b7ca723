/**
 * The duplicate question of New Review (contract §9 defect 10, §10): where the trigger starts, the newest
 * reviews flagged as duplicates count too (as many as the first look keeps one by one, ../walk/late-join.ts),
 * so one un-flagged later does not fire. The spec lists
 * duplicates only under "the duplicate facet" and does not name its value: the trigger tries the spec's
 * word, then its plural. A value the service refuses (400, 404, 422) or ignores (the answer lists a
 * review that is not a duplicate) is passed over; when none holds, the poll goes on without it and warns
 * once (docs/trigger.md, limits). Any other failure fails the poll (nothing stored, asked again next
 * poll): passing over a 5xx or a 401 would lose the protection for good.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { isOutOfBudget, isRefusal } from '../../ReviewCollection/transport';
import { listRecords } from '../../ReviewCollection/transport/list-page';
import type { PollBudget } from './budget';
import { EVENTS } from '../events/events';
import type { ProjectTarget, Watch } from './list-request';
import { list, NEWEST } from './list-request';
import { GUESSES } from '../../ReviewCollection/transport/guesses';

const FACET = GUESSES.facet.name;

/** The values tried for the duplicate facet, in order (the spec's word first). */
export const DUPLICATE_FACETS = GUESSES.duplicateFacets.values;

/** The newest duplicate review's id (0: none, an event that lists everything, or no value tried holds). */
export async function newestDuplicate(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	budget: PollBudget,
): Promise<number> {
	return (await newestDuplicates(ctx, watch, project, budget, 1)).ids[0] ?? 0;
}

/** Reviews flagged duplicate where the trigger starts: the newest `count` ids, newest first. */
export interface Duplicates {
	ids: number[];
	/** More duplicates than listed (below the last one). */
	more: boolean;
}

/** The newest `count` duplicate reviews (none: an event that lists everything, or no value tried holds). */
export async function newestDuplicates(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	budget: PollBudget,
	count: number,
): Promise<Duplicates> {
	if (!EVENTS[watch.event].duplicatesUnlisted) return { ids: [], more: false };
	const answer = await askDuplicates(ctx, watch, project, budget, count);
	if (answer.facet === undefined && answer.tried.length === DUPLICATE_FACETS.length)
		budget.warnOnce(
			ctx,
			'duplicate-facet',
			`Review Collection Trigger: the service took none of the values tried for the duplicate facet (${FACET}=${DUPLICATE_FACETS.join(`, ${FACET}=`)}), so a review that was a duplicate when this trigger started and is un-flagged later may fire as a new review (docs/trigger.md, "Accepted limits")`,
		);
	const ids = (answer.listed ?? []).map((record) => record.id);
	return { ids, more: answer.more === true };
}

export interface DuplicateAnswer {
	/** The facet value the service took (undefined: none, or out of time). */
	facet?: string;
	/** The newest review it listed under that facet. */
	newest?: IDataObject & { id: number };
	/** Every review it listed there (newest first), and whether the list goes on past them. */
	listed?: Array<IDataObject & { id: number }>;
	more?: boolean;
	/** Each value tried that did not hold, and how the service answered it. */
	tried: Array<{ facet: string; answer: string }>;
}

/** Asks each facet value in turn for the newest `count` duplicate reviews; says what the service did with each. */
export async function askDuplicates(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	budget: PollBudget,
	count = 1,
): Promise<DuplicateAnswer> {
	const tried: DuplicateAnswer['tried'] = [];
	for (const facet of DUPLICATE_FACETS) {
		// The first value is asked within the request's own deadline (out of time: not answered).
		if (facet !== DUPLICATE_FACETS[0] && !budget.allowsRequest(false)) return { tried };
		let refusal = '';
		const answer = await list(
			ctx,
			{ ...watch, extraQuery: { ...watch.extraQuery, [FACET]: facet } },
			project,
			{ ...NEWEST, perPage: count },
			budget,
		).catch((error: unknown) => {
			if (isOutOfBudget(error)) return null;
			if (isRefusal(error)) {
				refusal = `refused (${(error as Error).message})`;
				return undefined;
			}
			throw error;
		});
		if (answer === null) return { tried };
		const listed = answer ? duplicatesOnly(answer.data) : undefined;
		if (listed !== undefined) {
			const total = (answer?.pagination as IDataObject | undefined)?.total;
			const more = typeof total === 'number' ? total > listed.length : listed.length >= count;
			return { facet, newest: listed[0], listed, more, tried };
		}
		tried.push({ facet, answer: refusal || 'ignored (it listed reviews that are not duplicates)' });
	}
	return { tried };
}

/** The answer's records when it lists duplicates only; undefined when the facet was ignored. */
function duplicatesOnly(data: unknown): Array<IDataObject & { id: number }> | undefined {
	let records: Array<IDataObject & { id: number }>;
	try {
		records = listRecords(data);
	} catch {
		return undefined;
	}
	if (records.some((record) => record.is_duplicate !== true)) return undefined;
	return records;
}
