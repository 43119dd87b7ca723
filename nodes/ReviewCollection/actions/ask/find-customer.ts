import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CustomerCache } from '../sync-customer';
import { customersOf } from '../sync-customer';

/** The customers an execution has looked up (../sync-customer.ts), per context object. */
const lookups = new WeakMap<IExecuteFunctions, CustomerCache>();

function cacheOf(ctx: IExecuteFunctions): CustomerCache {
	let cache = lookups.get(ctx);
	if (!cache) lookups.set(ctx, (cache = new Map()));
	return cache;
}

/**
 * The customers the service would ask (contract §9, ../sync-customer.ts). The lookups are shared by
 * the items of one execution until `forgetCustomers` (an ask changes a customer's `last_asked_at`, and
 * may create the customer).
 */
export async function findCustomers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	given: { email: unknown; phone: unknown },
): Promise<IDataObject[]> {
	return await customersOf(ctx, itemIndex, cacheOf(ctx), given);
}

export function forgetCustomers(ctx: IExecuteFunctions): void {
	cacheOf(ctx).clear();
}
