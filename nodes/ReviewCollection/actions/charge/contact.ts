import type { IDataObject } from 'n8n-workflow';

/**
 * Whether a customer record has the email or phone an item gives, compared as the service finds a
 * customer (contract §9): emails without case and surrounding spaces, phones by all their digits
 * (`+1 (555) 010-0025` is `+15550100025`; `555 010 0025`, without the country code, is another phone).
 */
export interface Contact {
	email: string;
	phone: string;
}

export function contactOf(email: unknown, phone: unknown): Contact {
	return {
		email: String(email ?? '')
			.trim()
			.toLowerCase(),
		phone: String(phone ?? '').replace(/\D/g, ''),
	};
}

export function hasEmail(customer: IDataObject, contact: Contact): boolean {
	return contact.email !== '' && contactOf(customer.email, '').email === contact.email;
}

export function hasPhone(customer: IDataObject, contact: Contact): boolean {
	if (contact.phone === '') return false;
	return [customer.phone, customer.phone_e164].some(
		(stored) => contactOf('', stored).phone === contact.phone,
	);
}
