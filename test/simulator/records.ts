/** Record types of the simulator state (see state.ts for the overall shape). */

export interface Features {
	asks: number;
	customers: number;
	locations: number;
	members: number;
	links: number;
	tags: number;
	widgets: number;
	api: boolean;
	webhooks: boolean;
	forms_advanced: boolean;
	ambassador: boolean;
}

export interface SendLimits {
	daily_email_requests: number | null;
	monthly_email_requests: number | null;
	daily_sms_requests: number | null;
	monthly_sms_requests: number | null;
}

export interface LocationRecord {
	id: number;
	project_id: number;
	uuid: string;
	name: string;
	display_name: string;
	slug: string;
	store_code: string;
	title: string;
	address: string;
	address1: string;
	address2: string;
	city: string;
	state: string;
	postal_code: string;
}

export interface TagRecord {
	id: number;
	uuid: string;
	name: string;
	slug: string;
	sprite: string | null;
	color: string | null;
	context: 'review' | 'customer';
	ai_instructions: string | null;
	has_ai_tagging: boolean;
}

export interface SourceRecord {
	id: number;
	uuid: string;
	name: string;
	slug: string;
	sprite: string | null;
	color: string | null;
	icon: string | null;
	deleted_at: number | null;
}

export interface ShareTemplateSettings {
	font_family: string;
	header_background_color: string;
	header_text_color: string;
	review_background_color: string;
	review_star_color: string;
	review_text_color: string;
	name_convention: string;
	ratio: string;
	review_text: string | null;
	show_avatar: number;
	show_company: number;
	show_date: number;
	show_header: number;
	show_rating: number;
	show_source: number;
}

export interface ShareTemplateRecord {
	id: number;
	uuid: string;
	name: string;
	is_default: boolean;
	settings: ShareTemplateSettings;
	created_at: number;
	updated_at: number;
}

export interface MessageTemplateRecord {
	id: number;
	uuid: string;
	name: string;
	slug: string;
	channel: 'email' | 'sms';
}

export interface ImageRecord {
	id: number;
	uuid: string;
	project_id: number;
	kind: 'share' | 'photo';
	source_url: string | null;
	ratio: string | null;
	created_at: number;
}

export interface CustomerRecord {
	id: number;
	uuid: string;
	location_id: number | null;
	project_id: number;
	color: string;
	name: string;
	first_name: string;
	last_name: string;
	email: string;
	phone: string;
	company: string;
	lang: string;
	notes: string;
	validation: { result: string; risk: string };
	is_validated: boolean;
	address1: string;
	address2: string;
	city: string;
	state: string;
	postal_code: string;
	signed_up_at: number | null;
	first_charged_at: number | null;
	last_charged_at: number | null;
	first_asked_at: number | null;
	last_asked_at: number | null;
	first_messaged_at: number | null;
	last_messaged_at: number | null;
	first_reviewed_at: number | null;
	last_reviewed_at: number | null;
	unsubscribed_at: number | null;
	archived_at: number | null;
	created_at: number;
	updated_at: number;
	/** Image id/uuid of the photo, or null. */
	photo: { id: number; uuid: string } | null;
	tag_ids: number[];
	charges_count: number;
	charges_sum: number;
}

export interface ReviewRecord {
	id: number;
	uuid: string;
	project_id: number;
	customer_id: number;
	location_id: number | null;
	source_id: number | null;
	score: number;
	review: string;
	reply: string;
	is_hidden: boolean;
	is_duplicate: boolean;
	has_highlights: boolean;
	can_reply: boolean;
	has_reply: boolean;
	external_url: string;
	replied_at: number | null;
	created_at: number;
	updated_at: number;
	fields: Array<{ name: string; value: string }>;
	tag_ids: number[];
}

export interface ChargeRecord {
	id: number;
	project_id: number;
	customer_id: number;
	location_id: number | null;
	amount: number;
	currency: string;
	/** Unix seconds (rendered as ISO 8601 with offset). */
	charged_at: number;
	created_at: number;
}

export const MESSAGE_TIMESTAMPS = [
	'scheduled_at',
	'processed_at',
	'sent_at',
	'delivered_at',
	'opened_at',
	'clicked_at',
	'failed_at',
	'complained_at',
	'canceled_at',
	'halted_at',
] as const;
export type MessageTimestamp = (typeof MESSAGE_TIMESTAMPS)[number];

export type MessageRecord = {
	id: number;
	uuid: string;
	project_id: number;
	ask_id: number | null;
	customer_id: number;
	template_id: number;
	channel: 'email' | 'sms';
	failed_reason: string | null;
	created_at: number;
	updated_at: number;
} & Record<MessageTimestamp, number | null>;

export interface AskRecord {
	id: number;
	uuid: string;
	project_id: number;
	customer_id: number;
	channels: Array<'email' | 'sms'>;
	reminders_count: number;
	asked_at: number;
	is_complete: boolean;
	message_ids: number[];
	created_at: number;
}

export interface SectionRecord {
	id: number;
	slug: string;
	uuid: string;
}

export interface ClientRecord {
	id: number;
	uuid: string;
	role_slug: string;
	invite_email: string;
	invited_at: number;
	joined_at: number | null;
	created_at: number;
	updated_at: number;
	section_ids: number[];
	project_ids: number[];
}
