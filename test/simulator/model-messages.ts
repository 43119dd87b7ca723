/** Messages, asks, message templates and images (part of model.ts). */
import {
	AskRecord,
	ImageRecord,
	MessageRecord,
	MessageTemplateRecord,
	SimProject,
	SimState,
	nextId,
	nowOf,
	uuid,
} from './state';

export function ensureMessageTemplate(
	state: SimState,
	project: SimProject,
	slug: string,
	channel?: 'email' | 'sms',
): MessageTemplateRecord {
	let t = project.messageTemplates.find((m) => m.slug === slug);
	if (!t) {
		const ch = channel ?? (slug.endsWith('sms') ? 'sms' : 'email');
		const name = slug
			.split('-')
			.map((w) => w.charAt(0).toUpperCase() + w.slice(1))
			.join(' ');
		t = { id: nextId(state, 'messageTemplate'), uuid: uuid(), name, slug, channel: ch };
		project.messageTemplates.push(t);
	}
	return t;
}

export type MessageStatus =
	| 'canceled'
	| 'halted'
	| 'failed'
	| 'complained'
	| 'clicked'
	| 'opened'
	| 'delivered'
	| 'sent'
	| 'processed'
	| 'scheduled';
export const MESSAGE_STATUSES: MessageStatus[] = [
	'canceled',
	'halted',
	'failed',
	'complained',
	'clicked',
	'opened',
	'delivered',
	'sent',
	'processed',
	'scheduled',
];

export function messageStatus(m: MessageRecord): MessageStatus {
	if (m.canceled_at !== null) return 'canceled';
	if (m.halted_at !== null) return 'halted';
	if (m.failed_at !== null) return 'failed';
	if (m.complained_at !== null) return 'complained';
	if (m.clicked_at !== null) return 'clicked';
	if (m.opened_at !== null) return 'opened';
	if (m.delivered_at !== null) return 'delivered';
	if (m.sent_at !== null) return 'sent';
	if (m.processed_at !== null) return 'processed';
	return 'scheduled';
}

/** Timestamps set for a wanted status (each step of the delivery chain up to it). */
const STATUS_CHAIN: Record<MessageStatus, string[]> = {
	scheduled: [],
	processed: ['processed_at'],
	sent: ['processed_at', 'sent_at'],
	delivered: ['processed_at', 'sent_at', 'delivered_at'],
	opened: ['processed_at', 'sent_at', 'delivered_at', 'opened_at'],
	clicked: ['processed_at', 'sent_at', 'delivered_at', 'opened_at', 'clicked_at'],
	complained: ['processed_at', 'sent_at', 'delivered_at', 'complained_at'],
	failed: ['processed_at', 'failed_at'],
	halted: ['halted_at'],
	canceled: ['canceled_at'],
};

export function createMessage(
	state: SimState,
	project: SimProject,
	f: {
		customer_id: number;
		channel: 'email' | 'sms';
		template_slug?: string;
		created_at?: number;
		scheduled_at?: number | null;
		status?: string;
		ask_id?: number | null;
	},
): MessageRecord {
	const now = nowOf(state);
	const created = f.created_at ?? now;
	const template = ensureMessageTemplate(
		state,
		project,
		f.template_slug ?? `ask-initial-${f.channel}`,
		f.channel,
	);
	const m: MessageRecord = {
		id: nextId(state, 'message'),
		uuid: uuid(),
		project_id: project.id,
		ask_id: f.ask_id ?? null,
		customer_id: f.customer_id,
		template_id: template.id,
		channel: f.channel,
		failed_reason: null,
		scheduled_at: f.scheduled_at === undefined ? created : f.scheduled_at,
		processed_at: null,
		sent_at: null,
		delivered_at: null,
		opened_at: null,
		clicked_at: null,
		failed_at: null,
		complained_at: null,
		canceled_at: null,
		halted_at: null,
		created_at: created,
		updated_at: now,
	};
	const chain = STATUS_CHAIN[(f.status ?? 'scheduled') as MessageStatus] ?? [];
	for (const k of chain) (m as Record<string, unknown>)[k] = created;
	if (m.failed_at !== null) m.failed_reason = 'Mailbox unavailable';
	project.messages.insert(m);
	const c = project.customers.get(f.customer_id);
	if (c) {
		if (c.first_messaged_at === null) c.first_messaged_at = created;
		c.last_messaged_at = created;
	}
	return m;
}

export function refreshAsk(project: SimProject, askId: number | null): void {
	if (askId === null) return;
	const ask = project.asks.find((a) => a.id === askId);
	if (!ask) return;
	ask.message_ids = ask.message_ids.filter((id) => project.messages.get(id));
	ask.is_complete = ask.message_ids.every((id) => {
		const m = project.messages.get(id)!;
		return (
			m.sent_at !== null || m.canceled_at !== null || m.halted_at !== null || m.failed_at !== null
		);
	});
}

export function createAsk(
	state: SimState,
	project: SimProject,
	f: {
		customer_id: number;
		channels: Array<'email' | 'sms'>;
		reminders_count: number;
		asked_at: number;
	},
): AskRecord {
	const now = nowOf(state);
	const ask: AskRecord = {
		id: nextId(state, 'ask'),
		uuid: uuid(),
		project_id: project.id,
		customer_id: f.customer_id,
		channels: [...f.channels],
		reminders_count: f.reminders_count,
		asked_at: f.asked_at,
		is_complete: false,
		message_ids: [],
		created_at: now,
	};
	project.asks.push(ask);
	for (const channel of f.channels) {
		const m = createMessage(state, project, {
			customer_id: f.customer_id,
			channel,
			template_slug: `ask-initial-${channel}`,
			scheduled_at: f.asked_at,
			ask_id: ask.id,
		});
		ask.message_ids.push(m.id);
	}
	const c = project.customers.get(f.customer_id);
	if (c) {
		if (c.first_asked_at === null) c.first_asked_at = f.asked_at;
		c.last_asked_at = f.asked_at;
	}
	refreshAsk(project, ask.id);
	return ask;
}

export function createImage(
	state: SimState,
	project: SimProject,
	kind: 'share' | 'photo',
	sourceUrl: string | null,
	ratio: string | null,
): ImageRecord {
	const img: ImageRecord = {
		id: nextId(state, 'image'),
		uuid: uuid(),
		project_id: project.id,
		kind,
		source_url: sourceUrl,
		ratio,
		created_at: nowOf(state),
	};
	state.images.set(img.uuid, img);
	return img;
}
