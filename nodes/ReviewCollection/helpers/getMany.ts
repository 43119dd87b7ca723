import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { apiRequestAllItems } from '../transport';
import { getLimit, listQuery } from './params';

/**
 * What every Get Many does: its filters and options become the query, Return All / Limit decide how
 * far to page. `paginated: false` for the lists the API answers at once (Limit then cuts the answer).
 */
export async function getMany(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	paginated: boolean,
): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems(ctx, {
		path,
		qs: listQuery(ctx, itemIndex),
		limit: getLimit(ctx, itemIndex),
		paginated,
		itemIndex,
	});
	return ctx.helpers.returnJsonArray(records);
}
