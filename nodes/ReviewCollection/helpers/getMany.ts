import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequestAllItems } from '../transport';
import type { AnswerChecks, FilterCheck } from './answer-checks';
import { answerChecker, checkByRead } from './answer-checks';
import { getLimit, listQuery } from './params';
import type { SimplifyKind } from './summaries';
import { simplifyItems } from './summaries';
import type { Execution } from '../transport';

export interface ListRequest {
	/** The list's path, e.g. `/project/reviews`. */
	path: string;
	/** `false` for the lists the API answers at once (Limit then cuts the answer). */
	paginated: boolean;
	/** The records' kind where the operation has a Simplify switch. */
	simplify?: SimplifyKind;
	/** What of the filters and order asked the records show, checked in every answer (./answer-checks.ts). */
	checks?: AnswerChecks;
	/**
	 * A filter the list's records do not show but a single read does (the customer list has no tags):
	 * the first record is read on its own (`path`/id) and checked (./answer-checks.ts `checkByRead`).
	 */
	readCheck?: FilterCheck;
}

/**
 * What every Get Many does: its filters and options become the query, Return All / Limit decide how
 * far to page, and Simplify (where offered) trims each record.
 */
export async function getMany(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{ path, paginated, simplify, checks, readCheck }: ListRequest,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const qs = listQuery(ctx, itemIndex);
	const checker = checks && answerChecker(ctx, itemIndex, qs, checks);
	const records = await apiRequestAllItems(ctx, {
		execution,
		path,
		qs,
		checkAnswer: checker?.page,
		limit: getLimit(ctx, itemIndex),
		paginated,
		itemIndex,
		concurrency: pagesAtOnce(ctx, itemIndex),
	});
	// Each page was checked as it came; the whole list is checked for the order across pages.
	checker?.list(records);
	if (readCheck)
		await checkByRead(ctx, itemIndex, { path, qs, records, check: readCheck, execution });
	// Each record one item, already paired (the router keeps such items as they are: no copy of 10,000).
	const items = records.map((json): INodeExecutionData => ({
		json,
		pairedItem: { item: itemIndex },
	}));
	return simplify ? simplifyItems(ctx, itemIndex, simplify, items) : items;
}

/** Request Options → Concurrency also bounds the pages Return All reads at once (1–50, default 1). */
function pagesAtOnce(ctx: IExecuteFunctions, itemIndex: number): number {
	const options = ctx.getNodeParameter('requestOptions', itemIndex, {}) as { concurrency?: number };
	const value = Math.floor(Number(options.concurrency ?? 1));
	return Number.isFinite(value) ? Math.max(1, Math.min(value, 50)) : 1;
}

/** The `execute` of a Get Many operation that is nothing but its list request. */
export function getManyExecute(request: ListRequest) {
	return async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
		execution: Execution,
	): Promise<INodeExecutionData[]> {
		return await getMany(this, itemIndex, request, execution);
	};
}
