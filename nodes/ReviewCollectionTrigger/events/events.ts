/**
 * The trigger's events (contract §7), as data: which list each watches, which field is its moment, how
 * the list is asked for newest moment first, and how the user's filters are tested on a record. Pure.
 *
 * Every walk reads the list UNFILTERED (filters are tested here, on each record, when its moment is
 * found), so the cursor does not depend on the filters: a filter edit fires nothing old, a record that
 * starts matching later does not fire for a moment already passed, and an idle poll stays one request.
 * Exception: the customer list does not carry tags (only a single customer read does), so for the
 * customers a walk finds, the service is asked which carry the tag (../reading/asked.ts), in the same poll.
 */
import type { IDataObject } from 'n8n-workflow';
import { GUESSES } from '../../ReviewCollection/transport/guesses';

export const TRIGGER_EVENTS = [
	'newReview',
	'reviewReplied',
	'reviewUnanswered',
	'newMessage',
	'messageDelivered',
	'messageOpened',
	'messageClicked',
	'messageFailed',
	'newCustomer',
	'customerUnsubscribed',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

export type ListKind = 'reviews' | 'messages' | 'customers';

export interface EventSpec {
	kind: ListKind;
	/** The record field holding the moment: `id` when the moment is the record's appearance. */
	moment: string;
	/**
	 * "Appears" events of a list that leaves some records out (reviews flagged as duplicates are listed
	 * only under the duplicate facet): where the trigger starts, the newest of these counts too, so one
	 * un-flagged later does not fire (it did not appear then; ../reading/duplicates.ts).
	 */
	duplicatesUnlisted?: boolean;
}

export const EVENTS: Record<TriggerEvent, EventSpec> = {
	newReview: { kind: 'reviews', moment: 'id', duplicatesUnlisted: true },
	reviewReplied: { kind: 'reviews', moment: 'replied_at' },
	// The moment is created_at + unansweredHours: the walk keeps created_at keys (../rules/unanswered.ts).
	reviewUnanswered: { kind: 'reviews', moment: 'created_at' },
	// Messages sort by a timestamp only: a message appears at its created_at.
	newMessage: { kind: 'messages', moment: 'created_at' },
	messageDelivered: { kind: 'messages', moment: 'delivered_at' },
	messageOpened: { kind: 'messages', moment: 'opened_at' },
	messageClicked: { kind: 'messages', moment: 'clicked_at' },
	messageFailed: { kind: 'messages', moment: 'failed_at' },
	newCustomer: { kind: 'customers', moment: 'id' },
	customerUnsubscribed: { kind: 'customers', moment: 'unsubscribed_at' },
};

export const LIST_PATHS: Record<ListKind, string> = {
	reviews: '/project/reviews',
	messages: '/project/messages',
	customers: '/project/customers',
};

/** Filter names per list, exactly as the list endpoints take them (contract §6). */
export const FILTER_NAMES: Record<ListKind, readonly string[]> = {
	reviews: ['source', 'location', 'score', 'tag'],
	messages: ['channel', 'template'],
	customers: ['tag'],
};

/** Filters the service is asked about for the records a walk found (only the customer tag, see above). */
export function askedFilterNames(kind: ListKind): readonly string[] {
	return kind === 'customers' ? ['tag'] : [];
}

/**
 * Events whose moment a service may record late, with its real, earlier time (Late Event Window). New
 * Message is one: a message listed late (a late commit, a lagging replica) has its real created_at.
 */
export const LATE_EVENTS: readonly TriggerEvent[] = [
	'newMessage',
	'reviewReplied',
	'messageDelivered',
	'messageOpened',
	'messageClicked',
	'messageFailed',
	'customerUnsubscribed',
];

/** "Appears" events ordered by id: a record listed late gets the Late Event Window by id (../walk/late-join.ts). */
export const JOIN_EVENTS: readonly TriggerEvent[] = ['newReview', 'newCustomer'];

/**
 * Ordered by the moment (ties by id, as the list sorts them); timestamp moments exclude records whose
 * moment has not happened (null) with `date_key` + `date_from` (names the spec gives). No facet: the
 * lists are read as the spec defines them without one (reviews without duplicates, customers without
 * archived ones), so no guessed value can fail a poll; a record that leaves the list (flagged, archived)
 * is a deletion to the walk, and one that comes back is read where it stands (docs/trigger.md).
 */
export function orderQuery(event: TriggerEvent, direction: 'asc' | 'desc' = 'desc'): IDataObject {
	const { moment } = EVENTS[event];
	const query: IDataObject = { sort_key: moment, [GUESSES.sortDirection.name]: direction };
	if (moment !== 'id') Object.assign(query, { date_key: moment, date_from: '1970-01-01' });
	return query;
}

/** The moment of a record, or undefined when it has not happened (or is not an integer). */
export function momentOf(event: TriggerEvent, record: IDataObject): number | undefined {
	const value = record[EVENTS[event].moment];
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Does the record pass the user's filters (tested when its moment is found)? */
export function matchesFilters(kind: ListKind, filters: IDataObject, record: IDataObject): boolean {
	if (kind === 'reviews' && record.is_duplicate === true) return false;
	for (const [name, value] of Object.entries(filters)) {
		if (askedFilterNames(kind).includes(name)) continue;
		const wanted = String(value);
		if (!matchesFilter(name, wanted, record)) return false;
	}
	return true;
}

/** Does the record pass one filter (by its name in FILTER_NAMES)? */
export function matchesFilter(name: string, wanted: string, record: IDataObject): boolean {
	switch (name) {
		case 'source':
		case 'location':
			return identifies(record[name], wanted);
		case 'score':
			return String(record.score) === wanted;
		case 'tag':
			return (
				Array.isArray(record.tags) &&
				record.tags.some((tag) => (tag as IDataObject)?.slug === wanted)
			);
		case 'channel':
			return record.channel === wanted;
		case 'template': {
			const slug = (record.template as IDataObject | null)?.slug;
			return typeof slug === 'string' && slug.startsWith(wanted);
		}
		default:
			return true;
	}
}

/** A source or location filter names it by id, slug or uuid, as the list filter does. */
function identifies(value: unknown, wanted: string): boolean {
	if (typeof value !== 'object' || value === null) return false;
	const { id, slug, uuid } = value as IDataObject;
	return String(id) === wanted || slug === wanted || uuid === wanted;
}
