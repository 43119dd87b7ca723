import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, apiRequestAllItems, isRefusal } from '../../transport';
import { contactOf, hasEmail, hasPhone } from './contact';
import type { ActionExecution } from '../execution';
import { customersOf, once, projectOf } from '../sync-customer';
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

/** The ids of the customers the service would charge for what the item gives (../sync-customer.ts). */
export async function customerIdsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
	given: WantedCharge['given'],
): Promise<number[]> {
	const customers = await customersOf(ctx, itemIndex, execution, given);
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
	execution: ActionExecution,
	wanted: WantedCharge,
): Promise<{ recorded?: IDataObject; customerIds: number[] }> {
	const reads = execution.charges;
	const project = projectOf(ctx, itemIndex);
	const isWanted = (charge: IDataObject) =>
		charge.amount === wanted.amount &&
		String(charge.currency).toUpperCase() === wanted.currency &&
		sameSecond(momentOf(charge.charged_at), wanted.moment);
	const customerIds = await customerIdsOf(ctx, itemIndex, execution, wanted.given);
	const ids = new Set(customerIds);
	if (ids.size === 0)
		return await unlistedCustomerCharge(ctx, itemIndex, execution, wanted, isWanted);
	const ofCustomer = (charge: IDataObject) =>
		isWanted(charge) && ids.has(charge.customer_id as number);
	const day = dayOf(wanted.moment);
	// An earlier item of this execution recorded it: the list read before that is read again for the
	// stored charge. Items of one customer share a lane under Concurrency, so that item has finished.
	for (const entry of reads.recorded) {
		if (entry.project !== project || !isWanted(entry.answer)) continue;
		const recordedFor = await entry.customerIds();
		if (!recordedFor.some((id) => ids.has(id))) continue;
		if (reads.stale.delete(`${project} ${day}`)) reads.around.delete(`${project} ${day}`);
		const stored = (await chargesAround(ctx, itemIndex, execution, project, day)).find(ofCustomer);
		return { recorded: stored ?? entry.answer, customerIds };
	}
	const recorded = (await chargesAround(ctx, itemIndex, execution, project, day)).find(ofCustomer);
	return { recorded, customerIds };
}

/**
 * No customer listed with the item's email or phone: the customer may still exist unlisted (archived,
 * where the service takes no facet value the node tries: contract §10). A charge of that amount,
 * currency and second is checked against its own customer, read by id: one of theirs is the charge.
 * Costs the day's charges once per execution, and one read per such charge (rare).
 */
async function unlistedCustomerCharge(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
	wanted: WantedCharge,
	isWanted: (charge: IDataObject) => boolean,
): Promise<{ recorded?: IDataObject; customerIds: number[] }> {
	const project = projectOf(ctx, itemIndex);
	const contact = contactOf(wanted.given.email, wanted.given.phone);
	const candidates = (
		await chargesAround(ctx, itemIndex, execution, project, dayOf(wanted.moment))
	).filter(isWanted);
	for (const charge of candidates) {
		// A customer the service no longer has (404) is not the item's.
		const read = await apiRequest(ctx, {
			method: 'GET',
			path: `/project/customers/${String(charge.customer_id)}`,
			itemIndex,
			execution,
		}).catch((error: unknown) => (isRefusal(error) ? undefined : Promise.reject(error)));
		const customer = (read?.data ?? {}) as IDataObject;
		if (hasEmail(customer, contact) || hasPhone(customer, contact))
			return { recorded: charge, customerIds: [customer.id as number] };
	}
	return { customerIds: [] };
}

function chargesAround(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
	project: string,
	day: string,
) {
	const reads = execution.charges;
	return once(reads.around, `${project} ${day}`, async () => {
		const { dateFrom, dateTo } = daysAround(day);
		return await exclusiveOf(reads.listing, reads.posting, async () =>
			apiRequestAllItems(ctx, {
				execution,
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
	execution: ActionExecution,
	post: () => Promise<T>,
): Promise<T> {
	const reads = execution.charges;
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
	execution: ActionExecution,
	wanted: WantedCharge,
	answer: IDataObject,
	customerIds: number[],
): void {
	const reads = execution.charges;
	const project = projectOf(ctx, itemIndex);
	execution.customers.clear();
	reads.stale.add(`${project} ${dayOf(wanted.moment)}`);
	let after: Promise<number[]> | undefined;
	reads.recorded.push({
		project,
		answer,
		customerIds: async () =>
			customerIds.length > 0
				? customerIds
				: await (after ??= customerIdsOf(ctx, itemIndex, execution, wanted.given)),
	});
}
