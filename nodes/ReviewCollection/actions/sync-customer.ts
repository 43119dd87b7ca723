import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequestAllItems } from '../transport';
import type { ActionExecution } from './execution';
import type { Contact } from './charge/contact';
import { contactOf, hasEmail, hasPhone } from './charge/contact';

/**
 * The customer of a sync (contract §9), as the service finds the customer a charge or an ask is for:
 * the customers with that email, archived ones included (several may share it: any of them is "the"
 * customer), else the customers whose phone has the same digits. Empty when the service would create
 * a new customer. Reads are shared by the items of one execution (`execution.customers`, by project
 * and contact); the operation clears them after each POST, which may have created or changed a customer.
 *
 * The phone is searched with the free-text search as written and, when that finds no one with those
 * digits, by its last four digits (which every usual way of writing a phone keeps together), since the
 * service's search compares text, not digits. Costs one request per contact, two or three for a phone
 * the service does not know.
 */
export async function customersOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
	given: { email: unknown; phone: unknown },
): Promise<IDataObject[]> {
	const contact = contactOf(given.email, given.phone);
	const key = `${projectOf(ctx, itemIndex)} ${contact.email} ${contact.phone}`;
	return await once(execution.customers, key, async () =>
		resolve(ctx, itemIndex, execution, contact, String(given.phone ?? '').trim()),
	);
}

/** A read shared by the items that need it; a failed read is forgotten, so the next item tries again. */
export function once<T>(
	cache: Map<string, Promise<T>>,
	key: string,
	read: () => Promise<T>,
): Promise<T> {
	let value = cache.get(key);
	if (!value) {
		value = read();
		cache.set(key, value);
		value.catch(() => cache.delete(key));
	}
	return value;
}

/** Which project an item acts on: the project key, or the project chosen with the agency key. */
export function projectOf(ctx: IExecuteFunctions, itemIndex: number): string {
	const authentication = ctx.getNodeParameter('authentication', itemIndex, 'projectKey');
	if (authentication !== 'agencyKey') return 'projectKey';
	const projectId = ctx.getNodeParameter('projectId', itemIndex, '', { extractValue: true });
	return `project ${String(projectId)}`;
}

async function resolve(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
	contact: Contact,
	phoneAsWritten: string,
): Promise<IDataObject[]> {
	if (contact.email !== '') {
		const byEmail = await listCustomers(ctx, itemIndex, execution, { email: contact.email });
		const customers = byEmail.filter((record) => hasEmail(record, contact));
		if (customers.length > 0) return customers;
	}
	if (contact.phone === '') return [];
	const searches = [...new Set([phoneAsWritten, contact.phone.slice(-4)])];
	for (const search of searches) {
		const found = await listCustomers(ctx, itemIndex, execution, { search });
		const customers = found.filter((record) => hasPhone(record, contact));
		if (customers.length > 0) return customers;
	}
	return [];
}

async function listCustomers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
	filter: IDataObject,
): Promise<IDataObject[]> {
	return await apiRequestAllItems(ctx, {
		execution,
		path: '/project/customers',
		qs: { ...filter, facet: 'all' },
		paginated: true,
		itemIndex,
	});
}

/** The lanes (see ../concurrency.ts) of the customers an item resolved to: one per customer id. */
export function customerLanes(ids: unknown[]): string[] {
	return ids.map((id) => `customer:${String(id)}`);
}
