import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listOptionsCollection, returnAllAndLimit } from '../../descriptors/list';
import { idLocator } from '../../descriptors/locators';
import { getId, getLimit, listQuery } from '../../helpers/params';
import { apiRequestAllItems } from '../../transport';

export const customerIdProperty = idLocator({
	name: 'customerId',
	displayName: 'Customer',
	recordName: 'customer',
	searchListMethod: 'searchCustomers',
});

export function showFor(operation: string) {
	return { show: { resource: ['customer'], operation: [operation] } };
}

export function getCustomerId(ctx: IExecuteFunctions, itemIndex: number): number {
	return getId(ctx, 'customerId', itemIndex, 'Customer');
}

/** A customer action with only the customer as parameter (archive, unsubscribe, ...). */
export function actionDescription(operation: string): INodeProperties[] {
	return updateDisplayOptions(showFor(operation), [customerIdProperty]);
}

/**
 * Get Charges / Get Messages / Get Reviews of one customer: the customer, Return All / Limit, and
 * Options → Query Parameters like every Get Many (contract §7).
 */
export function subListDescription(operation: string): INodeProperties[] {
	return updateDisplayOptions(showFor(operation), [
		customerIdProperty,
		...returnAllAndLimit,
		listOptionsCollection(),
	]);
}

/** A list of one customer (GET /project/customers/{id}/<list>), paginated with `page`/`per_page` (contract §6). */
export async function getSubList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
): Promise<INodeExecutionData[]> {
	const records = await apiRequestAllItems(ctx, {
		path,
		qs: listQuery(ctx, itemIndex),
		limit: getLimit(ctx, itemIndex),
		paginated: true,
		itemIndex,
	});
	return ctx.helpers.returnJsonArray(records);
}
