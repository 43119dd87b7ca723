/**
 * Filter checks: a value picked from the records read, asked for, and the answer's records compared with
 * it. Ignored = records with another value come back; refused = a 4xx.
 */
import { GUESSES } from '../../../transport/guesses';
import type { Check, ListAnswer, ListKind, ProbeRecord } from './context';
import {
	differs,
	holds,
	isRefusal,
	isWhole,
	LARGEST_PAGE,
	LISTS,
	notChecked,
	unusable,
} from './context';

const GET_MANY =
	"Get Many checks each answer against its filters and fails naming the parameter; set the service's name in Options → Query Parameters (name the service's parameter, with the value)";
const TRIGGER_TOO = 'The trigger tests this filter on each record itself: it stays right';

type Value = string | number;

/** The most common value that not every record has (so the filter must leave some out). */
export function pickValue(
	records: ProbeRecord[],
	valuesOf: (record: ProbeRecord) => Value[],
): Value | undefined {
	const counts = new Map<Value, number>();
	for (const record of records)
		for (const value of valuesOf(record)) counts.set(value, (counts.get(value) ?? 0) + 1);
	const usable = [...counts.entries()].filter(([, count]) => count < records.length);
	return usable.sort((a, b) => b[1] - a[1])[0]?.[0];
}

const refOf = (record: ProbeRecord, field: string): ProbeRecord | undefined => {
	const value = record[field];
	return typeof value === 'object' && value !== null ? (value as ProbeRecord) : undefined;
};
const slugOf = (field: string) => (record: ProbeRecord) => {
	const slug = refOf(record, field)?.slug;
	return typeof slug === 'string' ? [slug] : [];
};
const tagSlugs = (record: ProbeRecord): string[] =>
	Array.isArray(record.tags)
		? record.tags
				.map((tag: unknown) => (tag as ProbeRecord | null)?.slug)
				.filter((slug): slug is string => typeof slug === 'string' && slug !== '')
		: [];
const text = (value: unknown) => String(value ?? '').toLowerCase();

const { messageStatuses: STATUSES } = GUESSES;

/** The package's message status: the furthest delivery state reached (docs/assumptions.md row 24). */
export function messageStatus(message: ProbeRecord): string {
	return STATUSES.values.find((status) => message[`${status}_at`] != null) ?? STATUSES.none;
}

/** How many records a list holds: pagination.total, else the records answered. */
const countOf = (answer: ListAnswer) =>
	isWhole(answer.pagination?.total) ? answer.pagination.total : (answer.records?.length ?? 0);

interface FilterSpec {
	id: string;
	kind: ListKind;
	name: string;
	what: string;
	valuesOf: (record: ProbeRecord) => Value[];
	matches: (record: ProbeRecord, value: Value) => boolean;
	setting: string;
	/** Other records came back: whether that means the filter was ignored (default: yes). */
	ignoredWhen?: (answer: ListAnswer, sample: ListAnswer) => boolean;
	/** Said when the filter filters but some records it lists read as another value. */
	meaning?: string;
}

function filterCheck(spec: FilterSpec): Check {
	const { id, kind, name, what, setting } = spec;
	return {
		id,
		guess: `${kind}: ${what} filter \`${name}\``,
		async run(ctx) {
			const sample = await ctx.sample(kind);
			if (!sample.records) return notChecked(unusable(sample));
			const value = pickValue(sample.records, spec.valuesOf);
			if (value === undefined)
				return notChecked(`no two ${kind} read differ in ${what}: nothing to show the filter`);
			const answer = await ctx.list(LISTS[kind], { [name]: value, [ctx.sizeName()]: LARGEST_PAGE });
			if (isRefusal(answer.status))
				return differs(`${name}=${value} was refused (${unusable(answer)})`, setting);
			if (!answer.records) return notChecked(unusable(answer));
			const others = answer.records.filter((record) => !spec.matches(record, value));
			if (others.length > 0 && (!spec.ignoredWhen || spec.ignoredWhen(answer, sample)))
				return differs(
					`${name}=${value} was ignored: ${others.length} of ${answer.records.length} ${kind} listed have another ${what}`,
					setting,
				);
			if (others.length > 0)
				return holds(
					`${name}=${value} filters (${countOf(answer)} of ${countOf(sample)} ${kind} listed), though ${others.length} listed read as another ${what}${spec.meaning ? `: ${spec.meaning}` : ''}`,
				);
			if (answer.records.length === 0)
				return differs(
					`${name}=${value} listed no ${kind}, though some have that ${what}`,
					setting,
				);
			return holds(`${name}=${value} listed only ${kind} with that ${what}`);
		},
	};
}

const sameTotal = (answer: ListAnswer, sample: ListAnswer) =>
	answer.pagination?.total !== undefined && answer.pagination.total === sample.pagination?.total;

/** Ignored = the answer holds as many records as the list without the filter. */
const notNarrower = (answer: ListAnswer, sample: ListAnswer) => countOf(answer) >= countOf(sample);

const reviewFilter = (id: string, name: string, field: string): Check =>
	filterCheck({
		id,
		kind: 'reviews',
		name,
		what: field,
		valuesOf: slugOf(field),
		matches: (r, v) => refOf(r, field)?.slug === v,
		setting: `${GET_MANY}. ${TRIGGER_TOO}`,
	});

export const filterChecks: Check[] = [
	reviewFilter('review.source', GUESSES.reviewSource.name, 'source'),
	reviewFilter('review.location', GUESSES.reviewLocation.name, 'location'),
	filterCheck({
		id: 'review.score',
		kind: 'reviews',
		name: GUESSES.reviewScore.name,
		what: 'score',
		valuesOf: (r) => (typeof r.score === 'number' ? [r.score] : []),
		matches: (r, v) => r.score === v,
		setting: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'review.tag',
		kind: 'reviews',
		name: GUESSES.reviewTag.name,
		what: 'tag',
		valuesOf: tagSlugs,
		matches: (r, v) => tagSlugs(r).includes(String(v)),
		setting: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'customer.email',
		kind: 'customers',
		name: GUESSES.customerEmail.name,
		what: 'email',
		valuesOf: (c) => (typeof c.email === 'string' && c.email ? [c.email] : []),
		matches: (c, v) => text(c.email) === text(v),
		setting: `${GET_MANY}. Skip If Already Recorded and Skip If Asked Within compare each customer's email themselves: they stay right`,
	}),
	filterCheck({
		id: 'customer.search',
		kind: 'customers',
		name: GUESSES.customerSearch.name,
		what: 'text (name, email, phone, company)',
		valuesOf: (c) => (typeof c.email === 'string' && c.email ? [c.email] : []),
		matches: (c, v) => [c.name, c.email, c.phone, c.company].some((f) => text(f).includes(text(v))),
		ignoredWhen: sameTotal,
		setting:
			"The syncs (Skip If Already Recorded, Skip If Asked Within) find a customer by phone through it: they then read every customer and compare phones themselves (right, slower); the From-list search of customers shows the whole list; Get Many: Options → Query Parameters: name the service's search parameter",
	}),
	filterCheck({
		id: 'message.channel',
		kind: 'messages',
		name: GUESSES.messageChannel.name,
		what: 'channel',
		valuesOf: (m) => (typeof m.channel === 'string' ? [m.channel] : []),
		matches: (m, v) => m.channel === v,
		setting: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'message.template',
		kind: 'messages',
		name: GUESSES.messageTemplate.name,
		what: 'template (slug prefix)',
		valuesOf: slugOf('template'),
		matches: (m, v) => slugOf('template')(m)[0]?.startsWith(String(v)) === true,
		setting: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'message.status',
		kind: 'messages',
		name: GUESSES.messageStatus.name,
		what: 'status (furthest delivery state)',
		valuesOf: (m) => [messageStatus(m)],
		matches: (m, v) => messageStatus(m) === v,
		ignoredWhen: notNarrower,
		meaning:
			"what a status value means is the service's (message.status-values); Simplify's status is the package's reading of the timestamps",
		setting:
			"Get Many does not check the status (a message shows timestamps, not a status): the messages come out unfiltered; Options → Query Parameters: name the service's status parameter, with the value",
	}),
];
