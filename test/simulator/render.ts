/** Records -> the JSON the API answers (spec section 2). */
import { createHash } from 'node:crypto';
import {
	ChargeRecord,
	ClientRecord,
	CustomerRecord,
	ImageRecord,
	LocationRecord,
	MessageRecord,
	ReviewRecord,
	ShareTemplateRecord,
	SimProject,
	SimState,
	SourceRecord,
	TagRecord,
	findProject,
} from './state';

const APP = 'https://app.rcs.test';
const RATING_LABELS = ['', 'Terrible', 'Poor', 'Average', 'Good', 'Excellent'];

export function isoWithOffset(seconds: number): string {
	return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function renderProject(p: SimProject): Record<string, unknown> {
	return {
		id: p.id,
		name: p.name,
		slug: p.slug,
		uuid: p.uuid,
		is_active: p.is_active,
		is_paused: p.is_paused,
		is_suspended: p.is_suspended,
		features: { ...p.features },
		created_at: p.created_at,
		updated_at: p.updated_at,
	};
}

export function renderClient(state: SimState, c: ClientRecord): Record<string, unknown> {
	return {
		id: c.id,
		uuid: c.uuid,
		role_slug: c.role_slug,
		invite_email: c.invite_email,
		invited_at: c.invited_at,
		joined_at: c.joined_at,
		created_at: c.created_at,
		updated_at: c.updated_at,
		sections: c.section_ids
			.map((id) => state.sections.find((s) => s.id === id))
			.filter((s) => s !== undefined)
			.map((s) => ({ id: s!.id, slug: s!.slug, uuid: s!.uuid })),
		projects: c.project_ids
			.map((id) => findProject(state, id))
			.filter((p) => p !== undefined)
			.map((p) => renderProject(p!)),
	};
}

export function renderLocation(l: LocationRecord | undefined): Record<string, unknown> | null {
	return l ? { ...l } : null;
}

export function renderTag(t: TagRecord): Record<string, unknown> {
	return { ...t };
}

export function renderTagShort(t: TagRecord): Record<string, unknown> {
	return { id: t.id, uuid: t.uuid, name: t.name, slug: t.slug };
}

export function renderSource(s: SourceRecord | undefined): Record<string, unknown> | null {
	if (!s) return null;
	return {
		id: s.id,
		uuid: s.uuid,
		name: s.name,
		slug: s.slug,
		sprite: s.sprite,
		color: s.color,
		icon: s.icon,
	};
}

export function imageLink(state: SimState, img: { uuid: string }): string {
	return `${state.baseUrl}/images/${img.uuid}.png`;
}

export function renderImage(state: SimState, img: ImageRecord): Record<string, unknown> {
	return { id: img.id, uuid: img.uuid, link: imageLink(state, img) };
}

function gravatar(email: string): string {
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

function escapeHtml(s: string): string {
	return s
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

export function renderReview(
	state: SimState,
	p: SimProject,
	r: ReviewRecord,
): Record<string, unknown> {
	const c = p.customers.get(r.customer_id);
	return {
		id: r.id,
		uuid: r.uuid,
		score: r.score,
		review: r.review,
		review_html: r.review ? `<p>${escapeHtml(r.review).replace(/\r?\n/g, '<br>')}</p>` : '',
		reply: r.reply,
		is_hidden: r.is_hidden,
		is_duplicate: r.is_duplicate,
		has_highlights: r.has_highlights,
		can_reply: r.can_reply,
		has_reply: r.has_reply,
		external_url: r.external_url,
		platform_url: `${APP}/reviews/${r.uuid}`,
		replied_at: r.replied_at,
		created_at: r.created_at,
		customer: customerSummary(c),
		location: renderLocation(p.locations.find((l) => l.id === r.location_id)),
		rating: { id: r.score, score: r.score, label: RATING_LABELS[r.score] ?? '' },
		reviewer: {
			id: c?.id ?? 0,
			name: c?.name ?? '',
			photo_url: c?.photo ? imageLink(state, c.photo) : gravatar(c?.email ?? ''),
		},
		source: renderSource(p.sources.find((s) => s.id === r.source_id)),
		fields: r.fields.map((f) => ({ ...f })),
		tags: r.tag_ids
			.map((id) => p.tags.find((t) => t.id === id))
			.filter((t) => t)
			.map((t) => renderTagShort(t!)),
	};
}

export function renderCharge(ch: ChargeRecord): Record<string, unknown> {
	return {
		id: ch.id,
		project_id: ch.project_id,
		customer_id: ch.customer_id,
		amount: ch.amount,
		currency: ch.currency,
		charged_at: isoWithOffset(ch.charged_at),
	};
}

export function renderMessage(p: SimProject, m: MessageRecord): Record<string, unknown> {
	const c = p.customers.get(m.customer_id);
	const t = p.messageTemplates.find((x) => x.id === m.template_id);
	return {
		id: m.id,
		uuid: m.uuid,
		ask_id: m.ask_id,
		channel: m.channel,
		failed_reason: m.failed_reason,
		scheduled_at: m.scheduled_at,
		processed_at: m.processed_at,
		sent_at: m.sent_at,
		delivered_at: m.delivered_at,
		opened_at: m.opened_at,
		clicked_at: m.clicked_at,
		failed_at: m.failed_at,
		complained_at: m.complained_at,
		canceled_at: m.canceled_at,
		halted_at: m.halted_at,
		created_at: m.created_at,
		updated_at: m.updated_at,
		customer: c
			? {
					id: c.id,
					uuid: c.uuid,
					name: c.name,
					color: c.color,
					gravatar: gravatar(c.email),
					platform_url: `${APP}/customers/${c.uuid}`,
					unsubscribed_at: c.unsubscribed_at,
				}
			: null,
		template: t ? { id: t.id, uuid: t.uuid, name: t.name, slug: t.slug, channel: t.channel } : null,
	};
}

export function renderShareTemplate(t: ShareTemplateRecord): Record<string, unknown> {
	return {
		id: t.id,
		uuid: t.uuid,
		name: t.name,
		is_default: t.is_default,
		settings: { ...t.settings },
		created_at: t.created_at,
		updated_at: t.updated_at,
	};
}
