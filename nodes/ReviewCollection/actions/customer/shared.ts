import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listOptionsCollection, returnAllAndLimit } from '../../descriptors/list';
import { idLocator } from '../../descriptors/locators';
import { getId } from '../../helpers/params';
import { showForResource } from '../../descriptors/operation';

export const customerIdProperty = idLocator({
	name: 'customerId',
	displayName: 'Customer',
	recordName: 'customer',
	searchListMethod: 'searchCustomers',
});

export const showFor = showForResource('customer');

export function getCustomerId(ctx: IExecuteFunctions, itemIndex: number): number {
	return getId(ctx, itemIndex, 'customerId', 'Customer');
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
