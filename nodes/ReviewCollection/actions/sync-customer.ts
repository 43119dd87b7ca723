import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequestAllItems, isRefusal } from '../transport';
import type { ActionExecution } from './execution';
import type { Contact } from './charge/contact';
import { contactOf, hasEmail, hasPhone } from './charge/contact';
import { GUESSES } from '../transport/guesses';

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
		const byEmail = await listCustomers(ctx, itemIndex, execution, {
			[GUESSES.customerEmail.name]: contact.email,
		});
		const customers = byEmail.filter((record) => hasEmail(record, contact));
		if (customers.length > 0) return customers;
	}
	if (contact.phone === '') return [];
	const searches = [...new Set([phoneAsWritten, contact.phone.slice(-4)])];
	for (const search of searches) {
		const found = await listCustomers(ctx, itemIndex, execution, {
			[GUESSES.customerSearch.name]: search,
		});
		const customers = found.filter((record) => hasPhone(record, contact));
		if (customers.length > 0) return customers;
	}
	return [];
}

/**
 * The customers a filter finds, archived ones included ("archived customers excluded unless requested";
 * how to request them is not shown): `facet=all`; refused, the list without a facet and `facet=archived`;
 * that refused too, an error naming the facet (a sync blind to archived customers could record twice).
 * The filter itself is tested on each record by the caller (a service that ignores its name lists more).
 */
async function listCustomers(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
	filter: IDataObject,
): Promise<IDataObject[]> {
	const read = async (facet?: string) =>
		await apiRequestAllItems(ctx, {
			execution,
			path: '/project/customers',
			qs: facet === undefined ? filter : { ...filter, [GUESSES.facet.name]: facet },
			paginated: true,
			itemIndex,
		});
	const refused = (error: unknown) => (isRefusal(error) ? undefined : Promise.reject(error));
	const { withArchived, archivedOnly } = GUESSES.customerFacets.values;
	const all = await read(withArchived).catch(refused);
	if (all) return all;
	const archived = await read(archivedOnly).catch(refused);
	if (!archived)
		throw new NodeOperationError(
			ctx.getNode(),
			`The service refused both ways the node asks for archived customers (${GUESSES.facet.name}=${withArchived}, ${GUESSES.facet.name}=${archivedOnly})`,
			{
				itemIndex,
				description:
					"Skip If Already Recorded and Skip If Asked Within find the customer as the service does, archived customers included. The spec does not name the facet value that lists them, and this service takes neither guess: without them a sync could record a charge or ask twice. Turn the option off, or tell the package maintainers the service's value (docs/assumptions.md).",
			},
		);
	return [...(await read()), ...archived];
}

/** The lanes (see ../concurrency.ts) of the customers an item resolved to: one per customer id. */
export function customerLanes(ids: unknown[]): string[] {
	return ids.map((id) => `customer:${String(id)}`);
}
