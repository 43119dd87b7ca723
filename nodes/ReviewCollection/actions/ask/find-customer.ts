import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest, recordsOf } from '../../transport';
import type { Contact } from '../charge/contact';
import { hasEmail, hasPhone } from '../charge/contact';

/**
 * The customer the service would ask, found as it finds one: by email, else by phone. The customer
 * list's `email` filter and free-text `search` (names assumed in contract §6) narrow the list; only a
 * record with that very email (any case) or phone (its digits) is taken. The phone is searched as
 * written, as the sync that created the customer most likely sent it. One request, two when the
 * email finds no one and there is a phone. Archived customers are not listed, so they are not found.
 */
export async function findCustomer(
	ctx: IExecuteFunctions,
	itemIndex: number,
	contact: Contact,
	phoneAsWritten: string,
): Promise<IDataObject | undefined> {
	if (contact.email !== '') {
		const byEmail = await listCustomers(ctx, itemIndex, { email: contact.email });
		const customer = byEmail.find((record) => hasEmail(record, contact));
		if (customer) return customer;
	}
	if (contact.phone !== '') {
		const byPhone = await listCustomers(ctx, itemIndex, { search: phoneAsWritten });
		return byPhone.find((record) => hasPhone(record, contact));
	}
	return undefined;
}

async function listCustomers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	filter: IDataObject,
): Promise<IDataObject[]> {
	const envelope = await apiRequest(ctx, {
		method: 'GET',
		path: '/project/customers',
		qs: { ...filter, page: 1, per_page: 100 },
		itemIndex,
	});
	return recordsOf(ctx, envelope);
}
