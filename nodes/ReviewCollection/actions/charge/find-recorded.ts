import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { answerError, apiRequest, apiRequestAllItems, kindOf } from '../../transport';
import type { Contact } from './contact';
import { hasEmail, hasPhone, sameContact } from './contact';
import type { ChargeMoment } from './moment';
import { dayOf, daysAround, momentOf, sameSecond } from './moment';

/** The charge an item would record (amount in the smallest unit, currency upper-cased). */
export interface WantedCharge {
	amount: number;
	currency: string;
	moment: ChargeMoment;
	contact: Contact;
}

/**
 * What one execution has read: the charges around a day and customers by id, per project, and the
 * charges it recorded itself since. Bound to the execution's context object, so nothing outlives it or
 * leaks into another execution. A read in flight is shared by the items that need it (items of other
 * customers run at once under Concurrency); a failed read is forgotten, so the next item tries again.
 */
interface ExecutionReads {
	chargesAround: Map<string, Promise<IDataObject[]>>;
	customers: Map<string, Promise<IDataObject | undefined>>;
	recorded: Array<{ project: string; contact: Contact; charge: IDataObject }>;
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

/** Which project an item acts on: the project key, or the project chosen with the agency key. */
function projectOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const authentication = ctx.getNodeParameter('authentication', itemIndex, 'projectKey');
	if (authentication !== 'agencyKey') return 'projectKey';
	const projectId = ctx.getNodeParameter('projectId', itemIndex, '', { extractValue: true });
	return `project ${String(projectId)}`;
}

/**
 * The charge the service already holds for this item, if any: a charge in the three days around the
 * wanted one (the service's date filter has a time zone of its own) with the same amount, currency and
 * second, whose customer has the item's email or phone (the customer the service would have charged:
 * found by email, else phone, archived or not). Costs, once per execution and project: one request per
 * 100 charges of those days, plus one customer read per candidate charge's customer.
 */
export async function findRecordedCharge(
	ctx: IExecuteFunctions,
	itemIndex: number,
	wanted: WantedCharge,
): Promise<IDataObject | undefined> {
	const reads = readsOf(ctx);
	const project = projectOf(ctx, itemIndex);
	const isWanted = (charge: IDataObject) =>
		charge.amount === wanted.amount &&
		String(charge.currency).toUpperCase() === wanted.currency &&
		sameSecond(momentOf(charge.charged_at), wanted.moment);
	// An earlier item of this execution recorded it (the reads below predate that). Items of one
	// customer share a lane under Concurrency, so the earlier one has finished by now.
	const recordedHere = reads.recorded.find(
		(entry) =>
			entry.project === project &&
			sameContact(entry.contact, wanted.contact) &&
			isWanted(entry.charge),
	);
	if (recordedHere) return recordedHere.charge;
	const day = dayOf(wanted.moment);
	const charges = await once(reads.chargesAround, `${project} ${day}`, async () => {
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
	const candidates = charges.filter(isWanted);
	for (const charge of candidates) {
		const customerId = charge.customer_id;
		if (typeof customerId !== 'number' || !Number.isInteger(customerId)) continue;
		const customer = await once(reads.customers, `${project} ${customerId}`, async () =>
			customerById(ctx, itemIndex, customerId),
		);
		if (customer && (hasEmail(customer, wanted.contact) || hasPhone(customer, wanted.contact)))
			return charge;
	}
	return undefined;
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

/** Notes a charge this execution recorded (the service's answer), for the items after it. */
export function noteRecorded(
	ctx: IExecuteFunctions,
	itemIndex: number,
	contact: Contact,
	charge: IDataObject,
): void {
	readsOf(ctx).recorded.push({ project: projectOf(ctx, itemIndex), contact, charge });
}

/** A customer by id; undefined when the service no longer has it (its charges name no one to match). */
async function customerById(
	ctx: IExecuteFunctions,
	itemIndex: number,
	id: number,
): Promise<IDataObject | undefined> {
	const request = { method: 'GET' as const, path: `/project/customers/${id}`, itemIndex };
	const envelope = await apiRequest(ctx, request).catch((error: unknown) => {
		if (error instanceof NodeApiError && error.httpCode === '404') return undefined;
		throw error;
	});
	if (!envelope) return undefined;
	const data = envelope.data;
	if (typeof data !== 'object' || data === null || Array.isArray(data))
		throw answerError(ctx, envelope, `"data" is ${kindOf(data)}, not a customer`, itemIndex);
	return data as IDataObject;
}
