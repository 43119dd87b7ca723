/**
 * Filters the list cannot show (the customer list has no tags): for the records a walk found, the
 * service is asked, in the same poll and within its budget, which of them carry the tag: the
 * tag-filtered list in the event's order, newest first, down to the oldest record found. So a customer
 * tagged after its moment does not fire for it, and an idle poll (nothing found) asks nothing. When the
 * budget ends before the answer is complete, nothing is decided: the poll emits none of them and moves
 * nothing for this list (the next poll asks again).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest, isOutOfBudget } from '../../ReviewCollection/transport';
import { isLastPage, listPage } from '../../ReviewCollection/transport/list-page';
import type { PollBudget } from './budget';
import type { ListRecord } from '../state/cursor';
import { compareKeys, keyOf } from '../state/cursor';
import { askedFilterNames, EVENTS } from '../events/events';
import type { ProjectTarget, Watch } from './list-request';
import { list } from './list-request';
import { PAGE_SIZE } from '../walk/paging';
import { FILTER_QUERY_NAMES, GUESSES } from '../../ReviewCollection/transport/guesses';

const TAG = GUESSES.customerTag.name;

export interface Asked {
	/** Every record found was decided. */
	decided: boolean;
	carrying: (record: ListRecord) => boolean;
}

export async function keepAsked(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	records: ListRecord[],
	budget: PollBudget,
): Promise<Asked> {
	const asked = askedFilterNames(EVENTS[watch.event].kind).filter(
		(name) => watch.filters[name] !== undefined,
	);
	if (asked.length === 0 || records.length === 0) return { decided: true, carrying: () => true };
	const query = Object.fromEntries(
		asked.map((name) => [FILTER_QUERY_NAMES[name] ?? name, watch.filters[name]]),
	);
	const oldest = keyOf(watch.event, records[0])!;
	const carrying = new Set<number>();
	let size = PAGE_SIZE;
	for (let page = 1; ; page++) {
		if (!budget.allowsRequest(false)) return { decided: false, carrying: () => false };
		const answer = await list(
			ctx,
			{ ...watch, extraQuery: { ...query, ...watch.extraQuery } },
			project,
			{ direction: 'desc', page, perPage: size },
			budget,
		).catch(async (error: unknown) =>
			isOutOfBudget(error) ? undefined : await Promise.reject(error),
		);
		if (!answer) return { decided: false, carrying: () => false };
		const { records: listed, lastPage, perPage } = listPage(answer, page, size);
		// The service's own page size when it ignores the one asked for (its pages are then read as given).
		size = perPage;
		for (const record of listed) carrying.add(record.id);
		const last = listed.at(-1);
		const lastKey = last ? keyOf(watch.event, last) : undefined;
		if (isLastPage(listed.length, perPage, page, lastPage)) break;
		if (!lastKey || compareKeys(lastKey, oldest) < 0) break;
	}
	const claimed = records.find((record) => carrying.has(record.id));
	if (claimed && !(await carriesTag(ctx, project, claimed, budget, query[TAG])))
		return { decided: false, carrying: () => false };
	return { decided: true, carrying: (record) => carrying.has(record.id) };
}

/**
 * The tag filter's name is a guess (contract §10): one customer the tag-filtered list named is read on
 * its own (its record shows its tags) to check that the service applied the filter. It did not: the
 * poll fails naming the parameter, and nothing moves. Out of time: undecided (the next poll asks again).
 */
async function carriesTag(
	ctx: IPollFunctions,
	project: ProjectTarget,
	record: ListRecord,
	budget: PollBudget,
	tag: unknown,
): Promise<boolean> {
	if (tag === undefined || !budget.allowsRequest(false)) return tag === undefined;
	const answer = await apiRequest(ctx, {
		method: 'GET',
		path: `/project/customers/${record.id}`,
		...(project !== undefined ? { authentication: 'agencyKey', project } : {}),
		deadline: budget.requestDeadline(),
		execution: budget.execution,
	}).catch(async (error: unknown) =>
		isOutOfBudget(error) ? undefined : await Promise.reject(error),
	);
	if (!answer) return false;
	const tags = (answer.data as IDataObject | undefined)?.tags;
	if (!Array.isArray(tags) || tags.some((t) => (t as IDataObject)?.slug === String(tag)))
		return true;
	throw new NodeOperationError(
		ctx.getNode(),
		`The service ignored the Tag filter (sent as ${TAG}=${String(tag)}): customer ${record.id}, which it listed under that tag, does not carry it`,
		{
			description: `The trigger asks the service which customers carry the Tag filter with the query parameter '${TAG}' (the spec does not name it). This service names it otherwise, so the trigger cannot tell which customers carry the tag: remove the Tag filter, or filter on the tag in the workflow after the trigger. Nothing was marked as seen.`,
		},
	);
}
