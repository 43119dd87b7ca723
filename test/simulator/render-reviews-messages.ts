/** Reviews and messages -> the JSON the API answers (spec 2.3, 2.8). */
import { APP, imageLink, renderLocation, renderSource, renderTagShort } from './render';
import { customerSummary, gravatar } from './render-customer';
import { MessageRecord, ReviewRecord, SimProject, SimState } from './state';

const RATING_LABELS = ['', 'Terrible', 'Poor', 'Average', 'Good', 'Excellent'];

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
