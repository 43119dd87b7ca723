import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listOptionsCollection, returnAllAndLimit } from '../../descriptors/list';
import { getMany } from '../../helpers/getMany';
import { successItems } from '../../helpers/output';
import { recordIdParameter } from '../../descriptors/locators';
import type { SimplifyKind } from '../../helpers/summaries';
import { apiRequest } from '../../transport';
import { showForResource } from '../../descriptors/operation';
import type { Execution } from '../../transport';

/** The customer an operation acts on: its locator and its reader (and the lane of changes to it). */
export const customerIdParameter = recordIdParameter({
	name: 'customerId',
	displayName: 'Customer',
	recordName: 'customer',
	searchListMethod: 'searchCustomers',
});
export const { property: customerIdProperty, read: getCustomerId } = customerIdParameter;

export const showFor = showForResource('customer');

/** A customer action with only the customer as parameter (archive, unsubscribe, ...). */
export function actionDescription(operation: string): INodeProperties[] {
	return updateDisplayOptions(showFor(operation), [customerIdProperty]);
}

/**
 * Get Charges / Get Messages / Get Reviews of one customer: the customer, Return All / Limit, and
 * Options → Query Parameters like every Get Many (README, "Operations").
 */
export function subListDescription(operation: string): INodeProperties[] {
	return updateDisplayOptions(showFor(operation), [
		customerIdProperty,
		...returnAllAndLimit,
		listOptionsCollection(),
	]);
}

/** The `execute` of a customer action: one request on the customer's path, answering success and the ID. */
export function customerAction(method: 'PUT', pathOf: (id: number) => string) {
	return async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
		execution: Execution,
	): Promise<INodeExecutionData[]> {
		const id = getCustomerId(this, itemIndex);
		await apiRequest(this, { execution, method, path: pathOf(id), itemIndex });
		return successItems(id);
	};
}

/** The `execute` of a list of one customer (Get Charges, Get Messages, Get Reviews): paged like Get Many. */
export function customerSubList(pathOf: (id: number) => string, simplify?: SimplifyKind) {
	return async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
		execution: Execution,
	): Promise<INodeExecutionData[]> {
		const id = getCustomerId(this, itemIndex);
		return await getMany(
			this,
			itemIndex,
			{ path: pathOf(id), paginated: true, simplify },
			execution,
		);
	};
}
