import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../descriptors/list';
import { idLocator } from '../../descriptors/locators';
import { getId, getLimit } from '../../helpers/params';
import { successItems } from '../../helpers/output';
import { apiRequest, apiRequestAllItems } from '../../transport';

export const customerIdProperty = idLocator({
	name: 'customerId',
	displayName: 'Customer',
	recordName: 'customer',
	searchListMethod: 'searchCustomers',
});

export function showFor(operation: string) {
	return { show: { resource: ['customer'], operation: [operation] } };
}

/** `/project/customers/{id}` (plus `/<action>`), the ID read from the `customerId` locator and checked. */
export function customerPath(ctx: IExecuteFunctions, itemIndex: number, action?: string): string {
	const id = getId(ctx, 'customerId', itemIndex, 'Customer');
	return action ? `/project/customers/${id}/${action}` : `/project/customers/${id}`;
}

/** The customer actions that answer nothing: PUT /project/customers/{id}/<action>. */
export async function putOnCustomer(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	body?: IDataObject,
): Promise<INodeExecutionData[]> {
	const path = customerPath(ctx, itemIndex, action);
	await apiRequest(ctx, { method: 'PUT', path, ...(body ? { body } : {}), itemIndex });
	return successItems();
}

/** A customer action with only the customer as parameter (archive, unsubscribe, ...). */
export function actionDescription(operation: string): INodeProperties[] {
	return updateDisplayOptions(showFor(operation), [customerIdProperty]);
}

/** Get Charges / Get Messages / Get Reviews of one customer: the customer plus Return All / Limit. */
export function subListDescription(operation: string): INodeProperties[] {
	return updateDisplayOptions(showFor(operation), [customerIdProperty, ...returnAllAndLimit]);
}

/** GET /project/customers/{id}/<list>, paginated with `page`/`per_page` (contract §6). */
export async function getSubList(
	ctx: IExecuteFunctions,
	itemIndex: number,
	list: 'charges' | 'messages' | 'reviews',
): Promise<INodeExecutionData[]> {
	const path = customerPath(ctx, itemIndex, list);
	const records = await apiRequestAllItems(ctx, {
		path,
		qs: {},
		limit: getLimit(ctx, itemIndex),
		paginated: true,
		itemIndex,
	});
	return ctx.helpers.returnJsonArray(records);
}
