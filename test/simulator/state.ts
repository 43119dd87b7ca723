/**
 * Data model of the simulator.
 *
 * SimState
 *   agencyKey            the agency API key
 *   baseUrl              'http://127.0.0.1:PORT' once listening
 *   projects             SimProject[] (all belong to the one agency), in id order
 *   clients              ClientRecord[] (agency client users)
 *   sections             SectionRecord[] (ids 1..3: reviews, customers, messages)
 *   images               Map uuid -> ImageRecord (served without auth at /images/<uuid>.png)
 *   nextId               global auto-increment counters per record kind (ids grow with creation)
 *   clock.frozen         Unix seconds when the clock is frozen, undefined for real time
 *
 * SimProject: the project fields of spec 2.1 plus `key` (current secret key), `limits` (send limit
 * overrides) and its data. Records are stored with the API's field names for scalar fields and ids for
 * relations (customer_id, location_id, source_id, tag_ids, template_id...). `reviews`, `customers`,
 * `charges`, `messages` are Collections (`.items` in id order, `.get(id)`); the rest are arrays.
 * `render.ts` turns records into the JSON the API answers (ApiSimulator.toJson does it for tests).
 */
import { randomBytes } from 'node:crypto';
import { Collection } from './collection';

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

export interface SimProject {
	id: number;
	name: string;
	slug: string;
	uuid: string;
	key: string;
	is_active: boolean;
	is_paused: boolean;
	is_suspended: boolean;
	features: Features;
	limits: SendLimits;
	created_at: number;
	updated_at: number;
	locations: LocationRecord[];
	tags: TagRecord[];
	sources: SourceRecord[];
	shareTemplates: ShareTemplateRecord[];
	messageTemplates: MessageTemplateRecord[];
	reviews: Collection<ReviewRecord>;
	customers: Collection<CustomerRecord>;
	charges: Collection<ChargeRecord>;
	messages: Collection<MessageRecord>;
	asks: AskRecord[];
	/** lower-cased email -> customer, phone digits -> customer (find-or-create lookups). */
	customerByEmail: Map<string, CustomerRecord>;
	customerByPhone: Map<string, CustomerRecord>;
}

export interface SimState {
	agencyKey: string;
	baseUrl: string;
	projects: SimProject[];
	clients: ClientRecord[];
	sections: SectionRecord[];
	images: Map<string, ImageRecord>;
	nextId: Record<string, number>;
	clock: { frozen?: number };
}

export function newState(agencyKey: string): SimState {
	return {
		agencyKey,
		baseUrl: '',
		projects: [],
		clients: [],
		sections: [],
		images: new Map(),
		nextId: {},
		clock: {},
	};
}

export function nowOf(state: SimState): number {
	return state.clock.frozen ?? Math.floor(Date.now() / 1000);
}

export function nextId(state: SimState, kind: string): number {
	const id = (state.nextId[kind] ?? 0) + 1;
	state.nextId[kind] = id;
	return id;
}

/** Random per process, then a counter: unique, UUID v4 shaped, and much cheaper than randomUUID() for bulk seeds. */
const UUID_PREFIX = (() => {
	const h = randomBytes(8).toString('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(12, 15)}-a`;
})();
let uuidCounter = Math.floor(Math.random() * 0x1000000);

export function uuid(): string {
	uuidCounter++;
	const hi = Math.floor(uuidCounter / 0x1000000000000) & 0xfff;
	const lo = uuidCounter % 0x1000000000000;
	return `${UUID_PREFIX}${hi.toString(16).padStart(3, '0')}-${lo.toString(16).padStart(12, '0')}`;
}

export function newProjectKey(): string {
	return `rcs_proj_${randomBytes(16).toString('hex')}`;
}

export function newAgencyKey(): string {
	return `rcs_agency_${randomBytes(16).toString('hex')}`;
}

export function slugify(text: string, max = 255): string {
	const s = text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	return s.slice(0, max).replace(/-+$/g, '');
}

export const DEFAULT_FEATURES: Features = {
	asks: 1000,
	customers: 5000,
	locations: 5,
	members: 10,
	links: 10,
	tags: 50,
	widgets: 5,
	api: true,
	webhooks: false,
	forms_advanced: false,
	ambassador: false,
};

export function findProjectByKey(state: SimState, key: string): SimProject | undefined {
	return state.projects.find((p) => p.key === key);
}

export function findProject(state: SimState, id: number): SimProject | undefined {
	return state.projects.find((p) => p.id === id);
}
