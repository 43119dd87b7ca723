import type { IDataObject } from 'n8n-workflow';

/**
 * Whether a customer record is the one an item's email or phone names, compared as the service finds a
 * customer (spec: "found by email or phone"): emails without case and surrounding spaces, phones by
 * their digits. A phone written without its country code (`555 010-0001`) still matches the stored
 * international form (`+1 555 010 0001`): one digit string ending with the other, of at least 7 digits.
 */
export interface Contact {
	email: string;
	phone: string;
}

const MIN_PHONE_DIGITS = 7;

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
	return [customer.phone, customer.phone_e164].some((stored) => {
		const digits = contactOf('', stored).phone;
		const [shorter, longer] =
			digits.length < contact.phone.length ? [digits, contact.phone] : [contact.phone, digits];
		return shorter.length >= MIN_PHONE_DIGITS && longer.endsWith(shorter);
	});
}

/** Whether two items name the same customer by what they give (an email, else a phone). */
export function sameContact(a: Contact, b: Contact): boolean {
	return hasEmail({ email: a.email }, b) || hasPhone({ phone: a.phone }, b);
}
