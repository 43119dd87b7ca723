/** Customers -> the JSON the API answers (spec 2.5, and the summaries other records embed). */
import { createHash } from 'node:crypto';
import { APP, imageLink, renderLocation, renderTag } from './render';
import { CustomerRecord, SimProject, SimState } from './state';

export function gravatar(email: string): string {
	const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
	return `https://www.gravatar.com/avatar/${hash}?d=mp`;
}

function e164(phone: string): string {
	if (!phone) return '';
	const digits = phone.replace(/[^0-9]/g, '');
	if (phone.trim().startsWith('+')) return `+${digits}`;
	return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

function formatPhone(phone: string): string {
	const e = e164(phone);
	const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e);
	return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e;
}

export function customerSummary(c: CustomerRecord | undefined): Record<string, unknown> | null {
	if (!c) return null;
	return {
		id: c.id,
		uuid: c.uuid,
		name: c.name,
		color: c.color,
		platform_url: `${APP}/customers/${c.uuid}`,
	};
}

export function renderCustomer(
	state: SimState,
	p: SimProject,
	c: CustomerRecord,
	withRelations: boolean,
): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: c.id,
		uuid: c.uuid,
		location_id: c.location_id,
		project_id: c.project_id,
		color: c.color,
		name: c.name,
		first_name: c.first_name,
		last_name: c.last_name,
		email: c.email,
		phone: c.phone,
		phone_formatted: formatPhone(c.phone),
		phone_e164: e164(c.phone),
		company: c.company,
		gravatar: gravatar(c.email),
		lang: c.lang,
		notes: c.notes,
		charges_count: c.charges_count,
		charges_sum: c.charges_sum,
		charges_avg: c.charges_count ? Math.round(c.charges_sum / c.charges_count) : 0,
		review_link: `https://r.rcs.test/${p.slug}/${c.uuid}`,
		unsubscribe_link: `https://r.rcs.test/unsubscribe/${c.uuid}`,
		platform_url: `${APP}/customers/${c.uuid}`,
		validation: { ...c.validation },
		is_validated: c.is_validated,
		address1: c.address1,
		address2: c.address2,
		city: c.city,
		state: c.state,
		postal_code: c.postal_code,
		signed_up_at: c.signed_up_at,
		first_charged_at: c.first_charged_at,
		last_charged_at: c.last_charged_at,
		first_asked_at: c.first_asked_at,
		last_asked_at: c.last_asked_at,
		first_messaged_at: c.first_messaged_at,
		last_messaged_at: c.last_messaged_at,
		first_reviewed_at: c.first_reviewed_at,
		last_reviewed_at: c.last_reviewed_at,
		unsubscribed_at: c.unsubscribed_at,
		archived_at: c.archived_at,
		created_at: c.created_at,
		updated_at: c.updated_at,
		photo: c.photo ? { id: c.photo.id, link: imageLink(state, c.photo), uuid: c.photo.uuid } : null,
	};
	if (withRelations) {
		out.location = renderLocation(p.locations.find((l) => l.id === c.location_id));
		out.tags = c.tag_ids
			.map((id) => p.tags.find((t) => t.id === id))
			.filter((t) => t)
			.map((t) => {
				const tag = t!;
				return { id: tag.id, uuid: tag.uuid, name: tag.name, slug: tag.slug, color: tag.color };
			});
	}
	return out;
}

/** Answer of PUT /project/customers/{id}/tags. */
export function renderCustomerTagSummary(
	p: SimProject,
	c: CustomerRecord,
): Record<string, unknown> {
	return {
		id: c.id,
		uuid: c.uuid,
		project_id: c.project_id,
		name: c.name,
		first_name: c.first_name,
		last_name: c.last_name,
		email: c.email,
		phone: c.phone,
		company: c.company,
		platform_url: `${APP}/customers/${c.uuid}`,
		tags: c.tag_ids
			.map((id) => p.tags.find((t) => t.id === id))
			.filter((t) => t)
			.map((t) => renderTag(t!)),
	};
}
