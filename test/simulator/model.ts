/** State-changing operations shared by the HTTP handlers and the direct test helpers (no validation here). */
import { trackDuplicateFlag } from './duplicate-flag';
import { Collection } from './collection';
import { JOIN_SALTS, ListJoins } from './late-join';
import {
	ChargeRecord,
	CustomerRecord,
	DEFAULT_FEATURES,
	MessageRecord,
	ReviewRecord,
	SimProject,
	SimState,
	newProjectKey,
	nextId,
	nowOf,
	slugify,
	uuid,
} from './state';

export function createProject(state: SimState, name: string): SimProject {
	const now = nowOf(state);
	const id = nextId(state, 'project');
	const project: SimProject = {
		id,
		name,
		slug: uniqueProjectSlug(state, slugify(name) || `project-${id}`),
		uuid: uuid(),
		key: newProjectKey(),
		is_active: true,
		is_paused: false,
		is_suspended: false,
		features: { ...DEFAULT_FEATURES },
		limits: {
			daily_email_requests: null,
			monthly_email_requests: null,
			daily_sms_requests: null,
			monthly_sms_requests: null,
		},
		created_at: now,
		updated_at: now,
		locations: [],
		tags: [],
		sources: [],
		shareTemplates: [],
		messageTemplates: [],
		reviews: new Collection<ReviewRecord>(),
		customers: new Collection<CustomerRecord>(),
		charges: new Collection<ChargeRecord>(),
		messages: new Collection<MessageRecord>(),
		asks: [],
		customerByEmail: new Map(),
		customerByPhone: new Map(),
	};
	for (const kind of ['reviews', 'customers', 'charges', 'messages'] as const)
		project[kind].joins = new ListJoins(state, JOIN_SALTS[kind]);
	state.projects.push(project);
	return project;
}

function uniqueProjectSlug(state: SimState, base: string): string {
	let slug = base;
	for (let i = 2; state.projects.some((p) => p.slug === slug); i++) slug = `${base}-${i}`;
	return slug;
}

export function phoneKey(phone: string): string {
	return phone.replace(/[^0-9]/g, '');
}

const COLORS = [
	'#f97316',
	'#0ea5e9',
	'#22c55e',
	'#a855f7',
	'#ef4444',
	'#eab308',
	'#14b8a6',
	'#6366f1',
];

export interface CustomerFields {
	first_name?: string | null;
	last_name?: string | null;
	email?: string | null;
	phone?: string | null;
	company?: string | null;
	notes?: string | null;
	address1?: string | null;
	address2?: string | null;
	city?: string | null;
	state?: string | null;
	postal_code?: string | null;
	location_id?: number | null;
	signed_up_at?: number | null;
	created_at?: number;
	tag_ids?: number[];
	photo?: { id: number; uuid: string } | null;
	archived_at?: number | null;
	unsubscribed_at?: number | null;
	lang?: string;
}

export function createCustomer(
	state: SimState,
	project: SimProject,
	f: CustomerFields,
): CustomerRecord {
	const now = nowOf(state);
	const id = nextId(state, 'customer');
	const first = f.first_name ?? '';
	const last = f.last_name ?? '';
	const c: CustomerRecord = {
		id,
		uuid: uuid(),
		location_id: f.location_id ?? project.locations[0]?.id ?? null,
		project_id: project.id,
		color: COLORS[id % COLORS.length],
		name: `${first} ${last}`.trim(),
		first_name: first,
		last_name: last,
		email: f.email ?? '',
		phone: f.phone ?? '',
		company: f.company ?? '',
		lang: f.lang ?? 'en',
		notes: f.notes ?? '',
		validation: { result: f.email ? 'valid' : 'unknown', risk: f.email ? 'low' : 'unknown' },
		is_validated: Boolean(f.email),
		address1: f.address1 ?? '',
		address2: f.address2 ?? '',
		city: f.city ?? '',
		state: f.state ?? '',
		postal_code: f.postal_code ?? '',
		signed_up_at: f.signed_up_at ?? null,
		first_charged_at: null,
		last_charged_at: null,
		first_asked_at: null,
		last_asked_at: null,
		first_messaged_at: null,
		last_messaged_at: null,
		first_reviewed_at: null,
		last_reviewed_at: null,
		unsubscribed_at: f.unsubscribed_at ?? null,
		archived_at: f.archived_at ?? null,
		created_at: f.created_at ?? now,
		updated_at: now,
		photo: f.photo ?? null,
		tag_ids: f.tag_ids ? [...f.tag_ids] : [],
		charges_count: 0,
		charges_sum: 0,
	};
	project.customers.insert(c);
	if (c.email) project.customerByEmail.set(c.email.toLowerCase(), c);
	if (c.phone && phoneKey(c.phone)) project.customerByPhone.set(phoneKey(c.phone), c);
	return c;
}

/** Finds the customer by email, then phone; creates one when missing (filling the given fields). */
export function findOrCreateCustomer(
	state: SimState,
	project: SimProject,
	f: CustomerFields,
): CustomerRecord {
	let c: CustomerRecord | undefined;
	if (f.email) c = project.customerByEmail.get(f.email.toLowerCase());
	if (!c && f.phone && phoneKey(f.phone)) c = project.customerByPhone.get(phoneKey(f.phone));
	if (c && project.customers.get(c.id) === c) return c;
	return createCustomer(state, project, f);
}

/**
 * Spec 4.3, "found by email or phone": any customer with that email or phone (archived ones too). The
 * maps index the newest; when it goes, the newest other customer with that email or phone takes its place.
 */
export function deleteCustomer(project: SimProject, c: CustomerRecord): void {
	project.customers.remove(c.id);
	const newest = (match: (other: CustomerRecord) => boolean) =>
		[...project.customers.items].reverse().find(match);
	const email = c.email ? c.email.toLowerCase() : '';
	if (email && project.customerByEmail.get(email) === c) {
		const next = newest((other) => other.email.toLowerCase() === email);
		if (next) project.customerByEmail.set(email, next);
		else project.customerByEmail.delete(email);
	}
	const digits = c.phone ? phoneKey(c.phone) : '';
	if (digits && project.customerByPhone.get(digits) === c) {
		const next = newest((other) => phoneKey(other.phone) === digits);
		if (next) project.customerByPhone.set(digits, next);
		else project.customerByPhone.delete(digits);
	}
}

export interface ReviewFields {
	customer_id: number;
	score: number;
	review?: string;
	external_url?: string;
	location_id?: number | null;
	source_id?: number | null;
	tag_ids?: number[];
	created_at?: number;
	is_hidden?: boolean;
	is_duplicate?: boolean;
	reply?: string;
	replied_at?: number | null;
	fields?: Array<{ name: string; value: string }>;
}

export function createReview(state: SimState, project: SimProject, f: ReviewFields): ReviewRecord {
	const now = nowOf(state);
	const reply = f.reply ?? '';
	const r: ReviewRecord = {
		id: nextId(state, 'review'),
		uuid: uuid(),
		project_id: project.id,
		customer_id: f.customer_id,
		location_id: f.location_id === undefined ? (project.locations[0]?.id ?? null) : f.location_id,
		source_id: f.source_id ?? null,
		score: f.score,
		review: f.review ?? '',
		reply,
		is_hidden: f.is_hidden ?? false,
		is_duplicate: f.is_duplicate ?? false,
		has_highlights: false,
		can_reply: true,
		has_reply: reply !== '',
		external_url: f.external_url ?? '',
		replied_at: f.replied_at ?? null,
		created_at: f.created_at ?? now,
		updated_at: now,
		fields: f.fields ? [...f.fields] : [],
		tag_ids: f.tag_ids ? [...f.tag_ids] : [],
	};
	trackDuplicateFlag(r);
	project.reviews.insert(r);
	const c = project.customers.get(f.customer_id);
	if (c) {
		if (c.first_reviewed_at === null || r.created_at < c.first_reviewed_at)
			c.first_reviewed_at = r.created_at;
		if (c.last_reviewed_at === null || r.created_at > c.last_reviewed_at)
			c.last_reviewed_at = r.created_at;
	}
	return r;
}

export function createCharge(
	state: SimState,
	project: SimProject,
	f: {
		customer_id: number;
		amount: number;
		currency: string;
		charged_at?: number;
		location_id?: number | null;
	},
): ChargeRecord {
	const now = nowOf(state);
	const ch: ChargeRecord = {
		id: nextId(state, 'charge'),
		project_id: project.id,
		customer_id: f.customer_id,
		location_id: f.location_id ?? null,
		amount: f.amount,
		currency: f.currency.toUpperCase(),
		charged_at: f.charged_at ?? now,
		created_at: now,
	};
	project.charges.insert(ch);
	refreshChargeStats(project, f.customer_id);
	return ch;
}

export function refreshChargeStats(project: SimProject, customerId: number): void {
	const c = project.customers.get(customerId);
	if (!c) return;
	let count = 0;
	let sum = 0;
	let first: number | null = null;
	let last: number | null = null;
	for (const ch of project.charges.items) {
		if (ch.customer_id !== customerId) continue;
		count++;
		sum += ch.amount;
		if (first === null || ch.charged_at < first) first = ch.charged_at;
		if (last === null || ch.charged_at > last) last = ch.charged_at;
	}
	c.charges_count = count;
	c.charges_sum = sum;
	c.first_charged_at = first;
	c.last_charged_at = last;
}

export * from './model-messages';
