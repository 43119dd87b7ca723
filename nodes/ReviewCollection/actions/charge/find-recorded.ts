import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../../transport';
import type { CustomerCache } from '../sync-customer';
import { customersOf, projectOf } from '../sync-customer';
import type { ChargeMoment } from './moment';
import { dayOf, daysAround, momentOf, sameSecond } from './moment';

/** The charge an item would record (amount in the smallest unit, currency upper-cased). */
export interface WantedCharge {
	amount: number;
	currency: string;
	moment: ChargeMoment;
	/** The email and phone as the item gives them. */
	given: { email: unknown; phone: unknown };
}

/**
 * What one execution has read: the charges around a day and the customers of the items, per project,
 * and the charges it recorded itself since. Bound to the execution's context object, so nothing
 * outlives it or leaks into another execution. A read in flight is shared by the items that need it
 * (items of other customers run at once under Concurrency); a failed read is forgotten, so the next
 * item tries again.
 */
interface ExecutionReads {
	chargesAround: Map<string, Promise<IDataObject[]>>;
	/** Days whose list was read before a charge of this execution was recorded on them. */
	stale: Set<string>;
	customers: CustomerCache;
	recorded: Array<{ project: string; answer: IDataObject; customerIds: () => Promise<number[]> }>;
	/** Charge lists being paged through, and charge POSTs in flight: never both at once (see below). */
	listing: Set<Promise<unknown>>;
	posting: Set<Promise<unknown>>;
}

const readsByExecution = new WeakMap<IExecuteFunctions, ExecutionReads>();

function readsOf(ctx: IExecuteFunctions): ExecutionReads {
	let reads = readsByExecution.get(ctx);
	if (!reads) {
		reads = {
			chargesAround: new Map(),
			stale: new Set(),
			customers: new Map(),
			recorded: [],
			listing: new Set(),
			posting: new Set(),
		};
		readsByExecution.set(ctx, reads);
	}
	return reads;
}

function once<T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
	let value = cache.get(key);
	if (!value) {
		value = read();
		cache.set(key, value);
		value.catch(() => cache.delete(key));
	}
	return value;
}

/** The ids of the customers the service would charge for what the item gives (../sync-customer.ts). */
export async function customerIdsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	given: WantedCharge['given'],
): Promise<number[]> {
	const customers = await customersOf(ctx, itemIndex, readsOf(ctx).customers, given);
	return customers.map((customer) => customer.id as number);
}

/**
 * The charge the service already holds for this item, if any, as stored (with its `id`): a charge of
 * the item's customer (see customerIdsOf) in the three days around the wanted one (the service's date
 * filter has a time zone of its own) with the same amount, currency and second. Costs, per execution
 * and project: one customer lookup per contact, and one request per 100 charges of those days, read
 * again only to output a charge this execution recorded itself. A customer the service does not know
 * has no charge: nothing more is read.
 */
export async function findRecordedCharge(
	ctx: IExecuteFunctions,
	itemIndex: number,
	wanted: WantedCharge,
): Promise<{ recorded?: IDataObject; customerIds: number[] }> {
	const reads = readsOf(ctx);
	const project = projectOf(ctx, itemIndex);
	const isWanted = (charge: IDataObject) =>
		charge.amount === wanted.amount &&
		String(charge.currency).toUpperCase() === wanted.currency &&
		sameSecond(momentOf(charge.charged_at), wanted.moment);
	const customerIds = await customerIdsOf(ctx, itemIndex, wanted.given);
	const ids = new Set(customerIds);
	if (ids.size === 0) return { customerIds };
	const ofCustomer = (charge: IDataObject) =>
		isWanted(charge) && ids.has(charge.customer_id as number);
	const day = dayOf(wanted.moment);
	// An earlier item of this execution recorded it: the list read before that is read again for the
	// stored charge. Items of one customer share a lane under Concurrency, so that item has finished.
	for (const entry of reads.recorded) {
		if (entry.project !== project || !isWanted(entry.answer)) continue;
		const recordedFor = await entry.customerIds();
		if (!recordedFor.some((id) => ids.has(id))) continue;
		if (reads.stale.delete(`${project} ${day}`)) reads.chargesAround.delete(`${project} ${day}`);
		const stored = (await chargesAround(ctx, itemIndex, project, day)).find(ofCustomer);
		return { recorded: stored ?? entry.answer, customerIds };
	}
	const recorded = (await chargesAround(ctx, itemIndex, project, day)).find(ofCustomer);
	return { recorded, customerIds };
}

function chargesAround(ctx: IExecuteFunctions, itemIndex: number, project: string, day: string) {
	const reads = readsOf(ctx);
	return once(reads.chargesAround, `${project} ${day}`, async () => {
		const { dateFrom, dateTo } = daysAround(day);
		return await exclusiveOf(reads.listing, reads.posting, async () =>
			apiRequestAllItems(ctx, {
				path: '/project/charges',
				qs: { date_from: dateFrom, date_to: dateTo },
				paginated: true,
				itemIndex,
			}),
		);
	});
}

/**
 * Sends a charge POST once no charge list of this execution is being paged through. A charge recorded
 * between two pages (by another customer's item, under Concurrency) would shift the newest-first list
 * and make its paging fail; charges other systems record meanwhile still can.
 */
export async function outsideListReads<T>(
	ctx: IExecuteFunctions,
	post: () => Promise<T>,
): Promise<T> {
	const reads = readsOf(ctx);
	return await exclusiveOf(reads.posting, reads.listing, post);
}

/** Runs `work` once nothing in `others` is in flight, counted in `mine` while it runs. */
async function exclusiveOf<T>(
	mine: Set<Promise<unknown>>,
	others: Set<Promise<unknown>>,
	work: () => Promise<T>,
): Promise<T> {
	while (others.size > 0) await Promise.allSettled([...others]);
	const running = work();
	mine.add(running);
	try {
		return await running;
	} finally {
		mine.delete(running);
	}
}

/**
 * Notes a charge this execution recorded (the service's answer), for the items after it. The POST may
 * have created the customer: what was read of customers is forgotten, and the customer this charge
 * went to is looked up again only if a later item wants a charge of the same amount and second.
 */
export function noteRecorded(
	ctx: IExecuteFunctions,
	itemIndex: number,
	wanted: WantedCharge,
	answer: IDataObject,
	customerIds: number[],
): void {
	const reads = readsOf(ctx);
	const project = projectOf(ctx, itemIndex);
	reads.customers.clear();
	reads.stale.add(`${project} ${dayOf(wanted.moment)}`);
	let after: Promise<number[]> | undefined;
	reads.recorded.push({
		project,
		answer,
		customerIds: async () =>
			customerIds.length > 0
				? customerIds
				: await (after ??= customerIdsOf(ctx, itemIndex, wanted.given)),
	});
}
