/**
 * Records a test adds straight to the state (ApiSimulator.addReview and the like): no HTTP, no request
 * log; slugs are resolved as the API would, and a missing customer is found or created.
 */
import { locationBySlug, sourceBySlug, tagsBySlugs } from './lookups';
import {
	ReviewFields,
	createCharge,
	createCustomer,
	createImage,
	createMessage,
	createReview,
	findOrCreateCustomer,
} from './model';
import { ChargeInput, ClientInput, CustomerInput, MessageInput, ReviewInput } from './inputs';
import {
	ChargeRecord,
	ClientRecord,
	CustomerRecord,
	MESSAGE_TIMESTAMPS,
	MessageRecord,
	ReviewRecord,
	SimProject,
	SimState,
	nextId,
	nowOf,
	uuid,
} from './state';
import { parseInstant } from './validation';

function instant(v: number | string | null | undefined): number | undefined {
	if (v === undefined || v === null) return undefined;
	const t = parseInstant(v);
	if (t === undefined) throw new Error(`Invalid instant: ${String(v)}`);
	return t;
}

export function addCustomer(
	state: SimState,
	p: SimProject,
	fields: Partial<CustomerInput>,
): CustomerRecord {
	let photo: { id: number; uuid: string } | null = null;
	if (fields.photo_url) {
		const img = createImage(state, p, 'photo', fields.photo_url, null);
		photo = { id: img.id, uuid: img.uuid };
	}
	return createCustomer(state, p, {
		...fields,
		location_id: fields.location_slug ? locationBySlug(p, fields.location_slug).id : undefined,
		signed_up_at: instant(fields.signed_up_at) ?? null,
		tag_ids: fields.tag_slugs ? tagsBySlugs(p, fields.tag_slugs).map((t) => t.id) : [],
		photo,
	});
}

function reviewCustomer(state: SimState, p: SimProject, f: Partial<ReviewInput>): CustomerRecord {
	if (f.customer_id !== undefined) {
		const c = p.customers.get(f.customer_id);
		if (!c) throw new Error(`No customer ${f.customer_id} in project ${p.id}`);
		return c;
	}
	return findOrCreateCustomer(state, p, {
		first_name: f.first_name ?? 'Test',
		last_name: f.last_name ?? 'Reviewer',
		email: f.email,
		phone: f.phone,
		company: f.company,
	});
}

function reviewFields(p: SimProject, f: Partial<ReviewInput>, c: CustomerRecord): ReviewFields {
	return {
		customer_id: c.id,
		score: f.score ?? 5,
		review: f.review ?? 'Great experience!',
		external_url: f.external_url,
		location_id: f.location_slug ? locationBySlug(p, f.location_slug).id : undefined,
		source_id: f.source_slug ? sourceBySlug(p, f.source_slug).id : null,
		tag_ids: f.tag_slugs ? tagsBySlugs(p, f.tag_slugs).map((t) => t.id) : undefined,
		created_at: instant(f.created_at),
		is_hidden: f.is_hidden,
		is_duplicate: f.is_duplicate,
		reply: f.reply,
		replied_at: f.replied_at,
	};
}

export function addReview(
	state: SimState,
	p: SimProject,
	fields: Partial<ReviewInput>,
): ReviewRecord {
	return createReview(state, p, reviewFields(p, fields, reviewCustomer(state, p, fields)));
}

/** Bulk: all reviews share one customer (found or created once from the fields); slugs are resolved once. */
export function addReviews(
	state: SimState,
	p: SimProject,
	count: number,
	fields: Partial<ReviewInput>,
): void {
	const resolved = reviewFields(p, fields, reviewCustomer(state, p, fields));
	for (let i = 0; i < count; i++) createReview(state, p, resolved);
}

function anyCustomer(state: SimState, p: SimProject): CustomerRecord {
	return (
		p.customers.items[0] ??
		createCustomer(state, p, {
			first_name: 'Test',
			last_name: 'Customer',
			email: 'test.customer@example.com',
		})
	);
}

export function addMessage(state: SimState, p: SimProject, fields: MessageInput): MessageRecord {
	const customerId = fields.customer_id ?? anyCustomer(state, p).id;
	return createMessage(state, p, {
		...fields,
		customer_id: customerId,
		channel: fields.channel ?? 'email',
	});
}

/** Bulk: all messages go to one customer (the given one, else the first customer of the project). */
export function addMessages(
	state: SimState,
	p: SimProject,
	count: number,
	fields: MessageInput,
): void {
	const customerId = fields.customer_id ?? anyCustomer(state, p).id;
	for (let i = 0; i < count; i++)
		createMessage(state, p, {
			...fields,
			customer_id: customerId,
			channel: fields.channel ?? 'email',
		});
}

/** The service stamps a message's delivery timestamp (spec 2.8), e.g. delivered_at. */
export function setMessageTime(
	p: SimProject,
	messageId: number,
	field: (typeof MESSAGE_TIMESTAMPS)[number],
	seconds: number | null,
): void {
	const messages = p.messages;
	const message = messages.get(messageId);
	if (!message) throw new Error(`no message ${messageId}`);
	(message as unknown as Record<string, number | null>)[field] = seconds;
	message.updated_at = seconds ?? message.updated_at;
	messages.touched(field, 'updated_at');
}

export function addCharge(state: SimState, p: SimProject, fields: ChargeInput): ChargeRecord {
	const location = fields.location_slug ? locationBySlug(p, fields.location_slug) : undefined;
	const customer =
		fields.customer_id !== undefined
			? p.customers.get(fields.customer_id)
			: fields.email || fields.phone
				? findOrCreateCustomer(state, p, {
						email: fields.email,
						phone: fields.phone,
						location_id: location?.id,
					})
				: anyCustomer(state, p);
	if (!customer) throw new Error(`No customer ${fields.customer_id} in project ${p.id}`);
	return createCharge(state, p, {
		customer_id: customer.id,
		amount: fields.amount ?? 1000,
		currency: fields.currency ?? 'USD',
		charged_at: instant(fields.charged_at),
		location_id: location?.id ?? null,
	});
}

export function addClient(state: SimState, fields: ClientInput): ClientRecord {
	const t = nowOf(state);
	const id = nextId(state, 'client');
	const client: ClientRecord = {
		id,
		uuid: uuid(),
		role_slug: fields.role_slug ?? 'viewer',
		invite_email: fields.email ?? `client${id}@example.com`,
		invited_at: fields.invited_at ?? t,
		joined_at: fields.joined_at !== undefined ? fields.joined_at : fields.joined ? t : null,
		created_at: t,
		updated_at: t,
		section_ids: fields.section_ids ?? [],
		project_ids: fields.project_ids ?? (state.projects[0] ? [state.projects[0].id] : []),
	};
	state.clients.push(client);
	return client;
}
