import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { GUESSES } from '../transport';

/**
 * "Simplify" (node-contract.md §7; README, "Simplify"): a flat summary of a review, customer or message, with the fields a person
 * or an AI agent reads first. Timestamps (Unix seconds in the API) become ISO 8601 strings, nested
 * objects become names, tags become slugs. Pure and total: a record of the wrong shape gives `null`
 * fields, never a thrown error. The field lists are documented in the README ("Simplify").
 */
export type SimplifyKind = 'review' | 'customer' | 'message';

export function simplifyRecord(kind: SimplifyKind, record: IDataObject): IDataObject {
	const source = isObject(record) ? record : {};
	const simplified = SIMPLIFIERS[kind](source);
	// The agency-wide trigger adds `project: { id, name }` to every item: keep it.
	if (isObject(source.project)) simplified.project = source.project;
	return simplified;
}

/** Delivery states of a message, the later one winning, as the message list's `status` filter reads them. */
const MESSAGE_STATES = [...GUESSES.messageStatuses.values, GUESSES.messageStatuses.none];

const SIMPLIFIERS: Record<SimplifyKind, (record: IDataObject) => IDataObject> = {
	review: (r) => ({
		id: r.id ?? null,
		score: numberOrNull(r.score),
		text: text(r.review),
		reply: text(r.reply),
		hasReply: booleanOrNull(r.has_reply),
		canReply: booleanOrNull(r.can_reply),
		isHidden: booleanOrNull(r.is_hidden),
		createdAt: isoTime(r.created_at),
		repliedAt: isoTime(r.replied_at),
		reviewer: nameOf(r.reviewer),
		customerId: field(r.customer, 'id'),
		customerName: nameOf(r.customer),
		customerEmail: text(field(r.customer, 'email')),
		source: nameOf(r.source),
		location: nameOf(r.location),
		tags: slugsOf(r.tags),
		externalUrl: text(r.external_url),
		platformUrl: text(r.platform_url),
	}),
	customer: (c) => ({
		id: c.id ?? null,
		name: text(c.name),
		firstName: text(c.first_name),
		lastName: text(c.last_name),
		email: text(c.email),
		phone: text(c.phone_e164) || text(c.phone),
		company: text(c.company),
		notes: text(c.notes),
		location: nameOf(c.location),
		tags: slugsOf(c.tags),
		isUnsubscribed: timeSet(c.unsubscribed_at),
		isArchived: timeSet(c.archived_at),
		chargesCount: numberOrNull(c.charges_count),
		createdAt: isoTime(c.created_at),
		lastAskedAt: isoTime(c.last_asked_at),
		lastReviewedAt: isoTime(c.last_reviewed_at),
		unsubscribedAt: isoTime(c.unsubscribed_at),
		archivedAt: isoTime(c.archived_at),
		reviewLink: text(c.review_link),
		platformUrl: text(c.platform_url),
	}),
	message: (m) => ({
		id: m.id ?? null,
		channel: text(m.channel),
		status: MESSAGE_STATES.find((state) => timeSet(m[`${state}_at`])) ?? null,
		template: nameOf(m.template),
		customerId: field(m.customer, 'id'),
		customerName: nameOf(m.customer),
		failedReason: text(m.failed_reason),
		createdAt: isoTime(m.created_at),
		scheduledAt: isoTime(m.scheduled_at),
		sentAt: isoTime(m.sent_at),
		deliveredAt: isoTime(m.delivered_at),
		openedAt: isoTime(m.opened_at),
		clickedAt: isoTime(m.clicked_at),
		failedAt: isoTime(m.failed_at),
	}),
};

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, key: string): IDataObject[string] | null {
	return isObject(value) ? (value[key] ?? null) : null;
}

function text(value: unknown): string | null {
	return typeof value === 'string' ? value : null;
}

function numberOrNull(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function booleanOrNull(value: unknown): boolean | null {
	return typeof value === 'boolean' ? value : null;
}

/** The name of an embedded object (reviewer, customer, source, location, template). */
function nameOf(value: unknown): string | null {
	return text(field(value, 'name'));
}

/** Tag slugs; `null` when the record carries no tag list (the customer list answer has none). */
function slugsOf(value: unknown): string[] | null {
	if (!Array.isArray(value)) return null;
	return value.map((tag) => text(field(tag, 'slug'))).filter((slug): slug is string => !!slug);
}

function timeSet(value: unknown): boolean {
	return isoTime(value) !== null;
}

/**
 * Unix seconds → ISO 8601 (UTC). A date string (some API fields are ISO already) is normalised the
 * same way; null, a missing value or anything unreadable is null.
 */
export function isoTime(value: unknown): string | null {
	let date: Date;
	if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value * 1000);
	else if (typeof value === 'string' && value.trim() !== '') date = new Date(value);
	else return null;
	return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Applies Simplify to output items when the operation's `simplify` switch is on. */
export function simplifyItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: SimplifyKind,
	items: INodeExecutionData[],
): INodeExecutionData[] {
	if (ctx.getNodeParameter('simplify', itemIndex, false) !== true) return items;
	return items.map((item) => ({ ...item, json: simplifyRecord(kind, item.json) }));
}
